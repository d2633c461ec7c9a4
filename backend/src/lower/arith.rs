//! Operators: unary, binary, comparisons and conversions, with the exact
//! semantics the loop IR documents (wrapping integers, truncating division
//! that never traps on `MIN / -1`, NaN-ignoring float min/max, Fortran
//! `sign`).

use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{types, InstBuilder, Value};
use fscal_scalarizer::ir::{BinOp, CmpOp, Const, Expr, ScalarTy, UnOp};

use super::{clif_type, Lowerer};
use crate::error::{invalid, Result};

/// The value of an integer constant (a divisor or step), if `e` is one.
pub(super) fn const_int(e: &Expr) -> Option<i64> {
    match e {
        Expr::Const(Const::I32(v)) => Some(i64::from(*v)),
        Expr::Const(Const::I64(v)) => Some(*v),
        _ => None,
    }
}

impl Lowerer<'_, '_> {
    pub(super) fn lower_unary(&mut self, op: UnOp, x: &Expr) -> Result<Value> {
        let v = self.lower_expr(x)?;
        let ty = self.scalar_of(v);
        let r = match ty {
            ScalarTy::I32 | ScalarTy::I64 => self.unary_int(op, v),
            ScalarTy::F32 | ScalarTy::F64 => self.unary_float(op, v),
            ScalarTy::Bool if op == UnOp::Not => Some(self.b.ins().bxor_imm_u(v, 1)),
            ScalarTy::Bool => None,
        };
        r.ok_or_else(|| invalid(format!("{op:?} of a {ty}")))
    }

    fn unary_int(&mut self, op: UnOp, v: Value) -> Option<Value> {
        match op {
            UnOp::Neg => Some(self.b.ins().ineg(v)),
            UnOp::Abs => Some(self.b.ins().iabs(v)),
            _ => None,
        }
    }

    fn unary_float(&mut self, op: UnOp, v: Value) -> Option<Value> {
        let ins = self.b.ins();
        match op {
            UnOp::Neg => Some(ins.fneg(v)),
            UnOp::Abs => Some(ins.fabs(v)),
            UnOp::Sqrt => Some(ins.sqrt(v)),
            UnOp::Floor => Some(ins.floor(v)),
            UnOp::Ceil => Some(ins.ceil(v)),
            UnOp::Trunc => Some(ins.trunc(v)),
            UnOp::Not => None,
        }
    }

    pub(super) fn lower_binary(&mut self, op: BinOp, x: &Expr, y: &Expr) -> Result<Value> {
        let a = self.lower_expr(x)?;
        let b = self.lower_expr(y)?;
        let ty = self.scalar_of(a);
        if self.ty_of(b) != self.ty_of(a) {
            return Err(invalid(format!(
                "{op:?} of a {ty} and a {}",
                self.scalar_of(b)
            )));
        }
        let r = match ty {
            ScalarTy::I32 | ScalarTy::I64 => self.binary_int(op, a, b, const_int(y)),
            ScalarTy::F32 | ScalarTy::F64 => self.binary_float(op, a, b),
            ScalarTy::Bool => self.binary_bool(op, a, b),
        };
        r.ok_or_else(|| invalid(format!("{op:?} of two {ty}")))
    }

    /// Integer operators; `k` is the divisor when it is a constant.
    fn binary_int(&mut self, op: BinOp, a: Value, b: Value, k: Option<i64>) -> Option<Value> {
        let ins = self.b.ins();
        match op {
            BinOp::Add => Some(ins.iadd(a, b)),
            BinOp::Sub => Some(ins.isub(a, b)),
            BinOp::Mul => Some(ins.imul(a, b)),
            BinOp::Min => Some(ins.smin(a, b)),
            BinOp::Max => Some(ins.smax(a, b)),
            BinOp::Div | BinOp::Rem => Some(self.int_divrem(op == BinOp::Rem, a, b, k)),
            BinOp::CopySign => Some(self.int_copysign(a, b)),
            BinOp::And | BinOp::Or | BinOp::Eqv | BinOp::Neqv => None,
        }
    }

    /// Truncating `a / b` (or `a rem b`) that does not trap on `MIN / -1`:
    /// a divisor of -1 negates (wrapping) or gives 0 instead of dividing.
    /// A zero divisor still traps; the scalarizer checks for it.
    pub(super) fn int_divrem(&mut self, rem: bool, a: Value, b: Value, k: Option<i64>) -> Value {
        match k {
            Some(-1) if rem => self.zero(self.ty_of(a)),
            Some(-1) => self.b.ins().ineg(a),
            Some(k) if k != 0 && rem => self.b.ins().srem(a, b),
            Some(k) if k != 0 => self.b.ins().sdiv(a, b),
            _ => self.guarded_divrem(rem, a, b),
        }
    }

    fn guarded_divrem(&mut self, rem: bool, a: Value, b: Value) -> Value {
        let ty = self.ty_of(a);
        let minus_one = self.b.ins().icmp_imm_s(IntCC::Equal, b, -1);
        let one = self.b.ins().iconst(ty, 1);
        let safe = self.b.ins().select(minus_one, one, b);
        let (quotient, special) = if rem {
            (self.b.ins().srem(a, safe), self.zero(ty))
        } else {
            (self.b.ins().sdiv(a, safe), self.b.ins().ineg(a))
        };
        self.b.ins().select(minus_one, special, quotient)
    }

    /// Fortran `sign(a, b)` on integers: `|a|` if `b >= 0`, else `-|a|`.
    fn int_copysign(&mut self, a: Value, b: Value) -> Value {
        let abs = self.b.ins().iabs(a);
        let neg = self.b.ins().ineg(abs);
        let non_negative = self
            .b
            .ins()
            .icmp_imm_s(IntCC::SignedGreaterThanOrEqual, b, 0);
        self.b.ins().select(non_negative, abs, neg)
    }

    fn binary_float(&mut self, op: BinOp, a: Value, b: Value) -> Option<Value> {
        let ins = self.b.ins();
        match op {
            BinOp::Add => Some(ins.fadd(a, b)),
            BinOp::Sub => Some(ins.fsub(a, b)),
            BinOp::Mul => Some(ins.fmul(a, b)),
            BinOp::Div => Some(ins.fdiv(a, b)),
            BinOp::CopySign => Some(ins.fcopysign(a, b)),
            BinOp::Rem => Some(self.float_rem(a, b)),
            BinOp::Min => Some(self.float_minmax(FloatCC::LessThan, a, b)),
            BinOp::Max => Some(self.float_minmax(FloatCC::GreaterThan, a, b)),
            BinOp::And | BinOp::Or | BinOp::Eqv | BinOp::Neqv => None,
        }
    }

    /// `a - trunc(a / b) * b`.
    fn float_rem(&mut self, a: Value, b: Value) -> Value {
        let q = self.b.ins().fdiv(a, b);
        let q = self.b.ins().trunc(q);
        let p = self.b.ins().fmul(q, b);
        self.b.ins().fsub(a, p)
    }

    /// `b` when it is strictly better than `a` under `cc`, or when `a` is
    /// NaN; `a` otherwise. So a NaN operand yields the other one.
    fn float_minmax(&mut self, cc: FloatCC, a: Value, b: Value) -> Value {
        let better = self.b.ins().fcmp(cc, b, a);
        let a_nan = self.b.ins().fcmp(FloatCC::Unordered, a, a);
        let pick_b = self.b.ins().bor(better, a_nan);
        self.b.ins().select(pick_b, b, a)
    }

    fn binary_bool(&mut self, op: BinOp, a: Value, b: Value) -> Option<Value> {
        let ins = self.b.ins();
        match op {
            BinOp::And => Some(ins.band(a, b)),
            BinOp::Or => Some(ins.bor(a, b)),
            BinOp::Eqv => Some(ins.icmp(IntCC::Equal, a, b)),
            BinOp::Neqv => Some(ins.bxor(a, b)),
            _ => None,
        }
    }

    pub(super) fn lower_cmp(&mut self, op: CmpOp, x: &Expr, y: &Expr) -> Result<Value> {
        let a = self.lower_expr(x)?;
        let b = self.lower_expr(y)?;
        if self.ty_of(b) != self.ty_of(a) {
            let (ta, tb) = (self.scalar_of(a), self.scalar_of(b));
            return Err(invalid(format!("comparing a {ta} with a {tb}")));
        }
        if self.scalar_of(a).is_float() {
            return Ok(self.b.ins().fcmp(float_cc(op), a, b));
        }
        Ok(self.b.ins().icmp(int_cc(op), a, b))
    }

    pub(super) fn lower_convert(&mut self, to: ScalarTy, x: &Expr) -> Result<Value> {
        let v = self.lower_expr(x)?;
        let from = self.scalar_of(v);
        if from == to {
            return Ok(v);
        }
        let t = clif_type(to);
        let ins = self.b.ins();
        let r = match (from, to) {
            (ScalarTy::I32, ScalarTy::I64) => ins.sextend(t, v),
            (ScalarTy::I64, ScalarTy::I32) => ins.ireduce(t, v),
            (ScalarTy::F32, ScalarTy::F64) => ins.fpromote(t, v),
            (ScalarTy::F64, ScalarTy::F32) => ins.fdemote(t, v),
            (ScalarTy::Bool, ScalarTy::I32 | ScalarTy::I64) => ins.uextend(t, v),
            (ScalarTy::I32 | ScalarTy::I64, ScalarTy::Bool) => {
                ins.icmp_imm_s(IntCC::NotEqual, v, 0)
            }
            (ScalarTy::Bool, _) => {
                let wide = ins.uextend(types::I32, v);
                self.b.ins().fcvt_from_sint(t, wide)
            }
            (_, ScalarTy::Bool) => return Err(invalid(format!("converting a {from} to logical"))),
            (ScalarTy::I32 | ScalarTy::I64, _) => ins.fcvt_from_sint(t, v),
            (_, _) => ins.fcvt_to_sint_sat(t, v),
        };
        Ok(r)
    }
}

/// Signed integer (and logical) comparison codes.
fn int_cc(op: CmpOp) -> IntCC {
    match op {
        CmpOp::Eq => IntCC::Equal,
        CmpOp::Ne => IntCC::NotEqual,
        CmpOp::Lt => IntCC::SignedLessThan,
        CmpOp::Le => IntCC::SignedLessThanOrEqual,
        CmpOp::Gt => IntCC::SignedGreaterThan,
        CmpOp::Ge => IntCC::SignedGreaterThanOrEqual,
    }
}

/// Float comparison codes: ordered, except `Ne`, which is "unordered or
/// not equal" (true when either side is NaN).
fn float_cc(op: CmpOp) -> FloatCC {
    match op {
        CmpOp::Eq => FloatCC::Equal,
        CmpOp::Ne => FloatCC::NotEqual,
        CmpOp::Lt => FloatCC::LessThan,
        CmpOp::Le => FloatCC::LessThanOrEqual,
        CmpOp::Gt => FloatCC::GreaterThan,
        CmpOp::Ge => FloatCC::GreaterThanOrEqual,
    }
}
