//! Scalar expressions: one value per evaluation. Inside a scalarized loop
//! the array terms of an expression are already in the context ([`Ctx`]):
//! each expression node finds its ss entry by identity.

use std::collections::HashMap;

use fscal_frontend::hir::{
    self, BinaryOp, ExprKind, Inquiry, Intrinsic, Span, Subscript, SymbolId, Type,
};

use super::{constant, i64c, scalar_ty, Lowerer};
use crate::build::{self, add, mul, sub};
use crate::ir::{BinOp, CmpOp, Const, DescField, Expr, MathFn, RtFn, ScalarTy, Stmt, UnOp};

/// Values of the ss entries visible in the current loop body, keyed by the
/// address of the HIR node they stand for.
pub(crate) type Ctx = HashMap<*const hir::Expr, Expr>;

fn bx(e: Expr) -> Box<Expr> {
    Box::new(e)
}

impl Lowerer<'_> {
    /// Lower a scalar (rank-0, or array node present in `ctx`) expression.
    /// Checks it needs are appended to `out` first.
    pub(crate) fn value(&mut self, e: &hir::Expr, ctx: &Ctx, out: &mut Vec<Stmt>) -> Expr {
        if let Some(v) = ctx.get(&(e as *const hir::Expr)) {
            return v.clone();
        }
        match &e.kind {
            ExprKind::Const(v) => constant(*v, e.ty),
            ExprKind::Var(sym) => Expr::Local(self.local(*sym)),
            ExprKind::Section { array, subs } => {
                let (arr, index) = self.element(*array, subs, ctx, e.span, out);
                Expr::Load(Box::new(crate::ir::Addr { array: arr, index }))
            }
            ExprKind::Unary(op, x) => {
                let v = self.value(x, ctx, out);
                Expr::Unary(
                    if *op == hir::UnaryOp::Neg {
                        UnOp::Neg
                    } else {
                        UnOp::Not
                    },
                    bx(v),
                )
            }
            ExprKind::Binary(op, l, r) => self.binary(*op, l, r, e, ctx, out),
            ExprKind::Convert(x) => {
                let v = self.value(x, ctx, out);
                Expr::Convert(scalar_ty(e.ty), bx(v))
            }
            ExprKind::Intrinsic(f, args) => self.intrinsic(*f, args, e, ctx, out),
            ExprKind::Inquiry { which, arg, dim } => {
                self.inquiry(*which, arg, dim.as_deref(), e, ctx, out)
            }
            ExprKind::Str(_) | ExprKind::Constructor(_) => {
                unreachable!("array or character expression outside a scalarized context")
            }
        }
    }

    /// Address of an element `a(i, j, ...)`, bounds checked.
    pub(crate) fn element(
        &mut self,
        sym: SymbolId,
        subs: &[Subscript],
        ctx: &Ctx,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> (crate::ir::ArrayId, Expr) {
        let array = self.array(sym);
        self.check_allocated(sym, span, out);
        let mut index = self.desc(array, Some(sym), DescField::Offset);
        for (d, sub) in subs.iter().enumerate() {
            let Subscript::Scalar(s) = sub else {
                unreachable!("element reference with a section subscript")
            };
            let v = self.value(s, ctx, out);
            let v = self.hoist("i", v, out);
            self.check_bounds(sym, d as u8, v.clone(), s.span, out);
            let stride = self.desc(array, Some(sym), DescField::Stride(d as u8));
            index = add(index, mul(v, stride));
        }
        (array, index)
    }

    /// Error unless an allocatable array is allocated.
    pub(crate) fn check_allocated(&mut self, sym: SymbolId, span: Span, out: &mut Vec<Stmt>) {
        if !self.config.checks || !self.program.symbol(sym).is_allocatable() {
            return;
        }
        let array = self.array(sym);
        let name = self.program.symbol(sym).name.clone();
        let mut args = vec![Expr::DescAddr(array)];
        args.extend(self.name_args(&name));
        args.extend(self.pos(span));
        // An inline test of the data pointer; the runtime call (which
        // reports the error) only runs when it is null.
        let unallocated = Expr::Cmp(
            CmpOp::Eq,
            bx(Expr::Desc(array, DescField::Base)),
            bx(i64c(0)),
        );
        out.push(Stmt::If {
            cond: unallocated,
            then_body: vec![Stmt::Call(RtFn::CheckAllocated, args)],
            else_body: vec![],
        });
    }

    /// Error unless `lb <= v <= ub` in dimension `d` of `sym`.
    pub(crate) fn check_bounds(
        &mut self,
        sym: SymbolId,
        d: u8,
        v: Expr,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        if !self.config.checks {
            return;
        }
        let array = self.array(sym);
        let lb = self.desc(array, Some(sym), DescField::LBound(d));
        let ext = self.desc(array, Some(sym), DescField::Extent(d));
        let ub = sub(add(lb.clone(), ext), i64c(1));
        let cond = build::or(
            build::cmp(CmpOp::Lt, v.clone(), lb.clone()),
            build::cmp(CmpOp::Gt, v.clone(), ub.clone()),
        );
        if build::is_false(&cond) {
            return;
        }
        let name = self.program.symbol(sym).name.clone();
        let mut args = self.name_args(&name).to_vec();
        args.extend([i64c(i64::from(d) + 1), v, lb, ub]);
        args.extend(self.pos(span));
        out.push(Stmt::If {
            cond,
            then_body: vec![Stmt::Call(RtFn::ErrBounds, args)],
            else_body: vec![],
        });
    }

    fn binary(
        &mut self,
        op: BinaryOp,
        l: &hir::Expr,
        r: &hir::Expr,
        e: &hir::Expr,
        ctx: &Ctx,
        out: &mut Vec<Stmt>,
    ) -> Expr {
        let a = self.value(l, ctx, out);
        let b = self.value(r, ctx, out);
        let (arith, compare) = match op {
            BinaryOp::Add => (BinOp::Add, None),
            BinaryOp::Sub => (BinOp::Sub, None),
            BinaryOp::Mul => (BinOp::Mul, None),
            BinaryOp::Div if e.ty.is_int() => {
                let b = self.nonzero_divisor(b, r.span, out);
                return Expr::Binary(BinOp::Div, bx(a), bx(b));
            }
            BinaryOp::Div => (BinOp::Div, None),
            BinaryOp::Pow => return self.power(a, b, l.ty, r.ty, out),
            BinaryOp::Eq => (BinOp::Add, Some(CmpOp::Eq)),
            BinaryOp::Ne => (BinOp::Add, Some(CmpOp::Ne)),
            BinaryOp::Lt => (BinOp::Add, Some(CmpOp::Lt)),
            BinaryOp::Le => (BinOp::Add, Some(CmpOp::Le)),
            BinaryOp::Gt => (BinOp::Add, Some(CmpOp::Gt)),
            BinaryOp::Ge => (BinOp::Add, Some(CmpOp::Ge)),
            BinaryOp::And => (BinOp::And, None),
            BinaryOp::Or => (BinOp::Or, None),
            BinaryOp::Eqv => (BinOp::Eqv, None),
            BinaryOp::Neqv => (BinOp::Neqv, None),
        };
        match compare {
            Some(c) => Expr::Cmp(c, bx(a), bx(b)),
            None => Expr::Binary(arith, bx(a), bx(b)),
        }
    }

    /// Hoist an integer divisor and check it is not zero.
    fn nonzero_divisor(&mut self, b: Expr, span: Span, out: &mut Vec<Stmt>) -> Expr {
        let is_nonzero_const = matches!(b, Expr::Const(Const::I32(v)) if v != 0)
            || matches!(b, Expr::Const(Const::I64(v)) if v != 0);
        if !self.config.checks || is_nonzero_const {
            return b;
        }
        let b = self.hoist("d", b, out);
        let ty = self.ir.ty(&b);
        let zero = Expr::Const(if ty == ScalarTy::I32 {
            Const::I32(0)
        } else {
            Const::I64(0)
        });
        let mut args = Vec::new();
        args.extend(self.pos(span));
        out.push(Stmt::If {
            cond: Expr::Cmp(CmpOp::Eq, bx(b.clone()), bx(zero)),
            then_body: vec![Stmt::Call(RtFn::ErrDivZero, args)],
            else_body: vec![],
        });
        b
    }

    /// `a ** b`: integer powers by repeated squaring in the runtime (as
    /// gfortran's `__builtin_powi`), `x**2` inline.
    fn power(&mut self, a: Expr, b: Expr, base: Type, exp: Type, out: &mut Vec<Stmt>) -> Expr {
        let two = matches!(b, Expr::Const(Const::I32(2)) | Expr::Const(Const::I64(2)));
        if two && exp.is_int() {
            let a = self.hoist("p", a, out);
            return Expr::Binary(BinOp::Mul, bx(a.clone()), bx(a));
        }
        match (base, exp) {
            (Type::Int4, _) => Expr::Call(RtFn::PowI32, vec![a, b]),
            (Type::Int8, _) => Expr::Call(RtFn::PowI64, vec![a, b]),
            (Type::Real4 | Type::Real8, e) if e.is_int() => {
                let b = if e == Type::Int8 {
                    Expr::Convert(ScalarTy::I32, bx(b))
                } else {
                    b
                };
                let f = if base == Type::Real4 {
                    RtFn::PowiF32
                } else {
                    RtFn::PowiF64
                };
                Expr::Call(f, vec![a, b])
            }
            (Type::Real4, _) => Expr::Call(RtFn::PowF32, vec![a, b]),
            _ => Expr::Call(RtFn::PowF64, vec![a, b]),
        }
    }

    fn intrinsic(
        &mut self,
        f: Intrinsic,
        args: &[hir::Expr],
        e: &hir::Expr,
        ctx: &Ctx,
        out: &mut Vec<Stmt>,
    ) -> Expr {
        let vals: Vec<Expr> = args.iter().map(|a| self.value(a, ctx, out)).collect();
        let ty = scalar_ty(e.ty);
        let arg_ty = args.first().map_or(ty, |a| scalar_ty(a.ty));
        let f32 = arg_ty == ScalarTy::F32;
        let math = |m: MathFn, v: Vec<Expr>| {
            Expr::Call(
                if f32 {
                    RtFn::MathF32(m)
                } else {
                    RtFn::MathF64(m)
                },
                v,
            )
        };
        let mut it = vals.into_iter();
        let mut next = || it.next().expect("intrinsic arity checked by sema");
        match f {
            Intrinsic::Abs => Expr::Unary(UnOp::Abs, bx(next())),
            Intrinsic::Sqrt => Expr::Unary(UnOp::Sqrt, bx(next())),
            Intrinsic::Exp => math(MathFn::Exp, vec![next()]),
            Intrinsic::Log => math(MathFn::Log, vec![next()]),
            Intrinsic::Log10 => math(MathFn::Log10, vec![next()]),
            Intrinsic::Sin => math(MathFn::Sin, vec![next()]),
            Intrinsic::Cos => math(MathFn::Cos, vec![next()]),
            Intrinsic::Tan => math(MathFn::Tan, vec![next()]),
            Intrinsic::Atan => math(MathFn::Atan, vec![next()]),
            Intrinsic::Atan2 => Expr::Call(
                if f32 { RtFn::Atan2F32 } else { RtFn::Atan2F64 },
                vec![next(), next()],
            ),
            Intrinsic::Max | Intrinsic::Min => {
                let op = if f == Intrinsic::Max {
                    BinOp::Max
                } else {
                    BinOp::Min
                };
                let first = next();
                (1..args.len()).fold(first, |acc, _| Expr::Binary(op, bx(acc), bx(next())))
            }
            Intrinsic::Mod | Intrinsic::Modulo => {
                let (a, p) = (next(), next());
                self.modulo(f == Intrinsic::Modulo, a, p, ty, args[1].span, out)
            }
            Intrinsic::Sign => Expr::Binary(BinOp::CopySign, bx(next()), bx(next())),
            Intrinsic::Int | Intrinsic::Real => Expr::Convert(ty, bx(next())),
            Intrinsic::Nint => {
                let n = Expr::Call(
                    if f32 { RtFn::NintF32 } else { RtFn::NintF64 },
                    vec![next()],
                );
                if ty == ScalarTy::I64 {
                    n
                } else {
                    // Saturate to integer(4) as a real-to-integer(4)
                    // conversion does, rather than keep the low 32 bits.
                    let lo = i64c(i64::from(i32::MIN));
                    let hi = i64c(i64::from(i32::MAX));
                    let n = Expr::Binary(BinOp::Max, bx(n), bx(lo));
                    let n = Expr::Binary(BinOp::Min, bx(n), bx(hi));
                    Expr::Convert(ty, bx(n))
                }
            }
            Intrinsic::Floor => Expr::Convert(ty, bx(Expr::Unary(UnOp::Floor, bx(next())))),
            Intrinsic::Ceiling => Expr::Convert(ty, bx(Expr::Unary(UnOp::Ceil, bx(next())))),
            Intrinsic::Merge => {
                let (t, fl, m) = (next(), next(), next());
                Expr::Select(bx(m), bx(t), bx(fl))
            }
        }
    }

    /// `mod(a, p)` (sign of `a`) and `modulo(a, p)` (sign of `p`).
    fn modulo(
        &mut self,
        floor: bool,
        a: Expr,
        p: Expr,
        ty: ScalarTy,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Expr {
        let p = if ty.is_int() {
            self.nonzero_divisor(p, span, out)
        } else {
            p
        };
        let r = match ty {
            ScalarTy::F32 => Expr::Call(RtFn::FmodF32, vec![a, p.clone()]),
            ScalarTy::F64 => Expr::Call(RtFn::FmodF64, vec![a, p.clone()]),
            _ => Expr::Binary(BinOp::Rem, bx(a), bx(p.clone())),
        };
        if !floor {
            return r;
        }
        let p = self.hoist("p", p, out);
        let r = self.hoist("r", r, out);
        let zero = Expr::Const(match ty {
            ScalarTy::I32 => Const::I32(0),
            ScalarTy::I64 => Const::I64(0),
            ScalarTy::F32 => Const::F32(0.0),
            _ => Const::F64(0.0),
        });
        let nonzero = Expr::Cmp(CmpOp::Ne, bx(r.clone()), bx(zero.clone()));
        let r_neg = Expr::Cmp(CmpOp::Lt, bx(r.clone()), bx(zero.clone()));
        let p_neg = Expr::Cmp(CmpOp::Lt, bx(p.clone()), bx(zero));
        let differ = Expr::Binary(BinOp::Neqv, bx(r_neg), bx(p_neg));
        let adjust = Expr::Binary(BinOp::And, bx(nonzero), bx(differ));
        Expr::Select(
            bx(adjust),
            bx(Expr::Binary(BinOp::Add, bx(r.clone()), bx(p))),
            bx(r),
        )
    }

    fn inquiry(
        &mut self,
        which: Inquiry,
        arg: &hir::Expr,
        dim: Option<&hir::Expr>,
        e: &hir::Expr,
        ctx: &Ctx,
        out: &mut Vec<Stmt>,
    ) -> Expr {
        let extents = self.extents(arg, ctx, out);
        let lbounds: Vec<Expr> = match &arg.kind {
            ExprKind::Var(sym) => {
                let array = self.array(*sym);
                (0..arg.rank)
                    .map(|d| self.desc(array, Some(*sym), DescField::LBound(d)))
                    .collect()
            }
            _ => vec![i64c(1); arg.rank as usize],
        };
        // A dimension with no elements has lbound 1 and ubound 0.
        let empty = |x: &Expr| build::cmp(CmpOp::Eq, x.clone(), i64c(0));
        let pick = |x: &Expr, if_empty: i64, v: Expr| match empty(x) {
            Expr::Const(Const::Bool(true)) => i64c(if_empty),
            Expr::Const(Const::Bool(false)) => v,
            c => Expr::Select(bx(c), bx(i64c(if_empty)), bx(v)),
        };
        let per_dim: Vec<Expr> = match which {
            Inquiry::Size => extents.clone(),
            Inquiry::Lbound => lbounds
                .iter()
                .zip(&extents)
                .map(|(l, x)| pick(x, 1, l.clone()))
                .collect(),
            _ => lbounds
                .iter()
                .zip(&extents)
                .map(|(l, x)| pick(x, 0, sub(add(l.clone(), x.clone()), i64c(1))))
                .collect(),
        };
        let result = match dim {
            None => extents.into_iter().reduce(mul).unwrap_or(i64c(1)),
            Some(d) => {
                let dv = self.value(d, ctx, out);
                let dv = Expr::Convert(ScalarTy::I64, bx(dv));
                let dv = self.hoist("dim", dv, out);
                select_dim(dv, per_dim)
            }
        };
        let ty = scalar_ty(e.ty);
        if ty == ScalarTy::I64 {
            result
        } else {
            Expr::Convert(ty, bx(result))
        }
    }
}

/// `per_dim[dim - 1]` for a run-time `dim` (folded when it is constant).
fn select_dim(dim: Expr, per_dim: Vec<Expr>) -> Expr {
    if let Expr::Const(Const::I64(d)) = dim {
        return per_dim[(d - 1) as usize].clone();
    }
    let mut it = per_dim.into_iter().enumerate().rev();
    let (_, last) = it.next().expect("rank >= 1");
    it.fold(last, |acc, (i, v)| {
        let is = Expr::Cmp(CmpOp::Eq, bx(dim.clone()), bx(i64c(i as i64 + 1)));
        Expr::Select(bx(is), bx(v), bx(acc))
    })
}
