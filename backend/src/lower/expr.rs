//! Expressions: leaves, descriptor and element memory, selects and calls.
//! The operators are in `arith`.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, InstBuilder, Value};
use fscal_runtime::Descriptor;
use fscal_scalarizer::ir::{Addr, ArrayId, Const, DescField, Expr, RtFn, ScalarTy, StrId};

use super::{clif_type, Lowerer};
use crate::error::{invalid, Result};

impl Lowerer<'_, '_> {
    /// Lower an expression to one value of its register type.
    pub(super) fn lower_expr(&mut self, e: &Expr) -> Result<Value> {
        match e {
            Expr::Const(c) => Ok(self.lower_const(*c)),
            Expr::Local(l) => self.lower_local(*l),
            Expr::Desc(a, field) => self.lower_desc_field(*a, *field),
            Expr::DescAddr(a) => self.desc_addr(*a),
            Expr::Str(s) => self.lower_str(*s),
            Expr::Load(addr) => self.lower_load(addr),
            Expr::Unary(op, x) => self.lower_unary(*op, x),
            Expr::Binary(op, x, y) => self.lower_binary(*op, x, y),
            Expr::Cmp(op, x, y) => self.lower_cmp(*op, x, y),
            Expr::Convert(ty, x) => self.lower_convert(*ty, x),
            Expr::Select(c, x, y) => self.lower_select(c, x, y),
            Expr::Call(f, args) => self.lower_call_value(*f, args),
        }
    }

    /// Lower an expression that must have type `ty`.
    pub(super) fn lower_typed(&mut self, e: &Expr, ty: ScalarTy, what: &str) -> Result<Value> {
        let v = self.lower_expr(e)?;
        let got = self.scalar_of(v);
        if got != ty {
            return Err(invalid(format!("{what} has type {got}, expected {ty}")));
        }
        Ok(v)
    }

    fn lower_const(&mut self, c: Const) -> Value {
        match c {
            Const::I32(v) => self.b.ins().iconst(types::I32, i64::from(v)),
            Const::I64(v) => self.b.ins().iconst(types::I64, v),
            Const::F32(v) => self.b.ins().f32const(v),
            Const::F64(v) => self.b.ins().f64const(v),
            Const::Bool(v) => self.b.ins().iconst(types::I8, i64::from(v)),
        }
    }

    fn lower_local(&mut self, l: fscal_scalarizer::ir::LocalId) -> Result<Value> {
        let (slot, _) = self.local_slot(l)?;
        Ok(self.env[slot])
    }

    /// Address of descriptor `a`, derived from the current version token.
    pub(super) fn desc_addr(&mut self, a: ArrayId) -> Result<Value> {
        let token = self.token.filter(|_| a.index() < self.ir.arrays.len());
        let token = token.ok_or_else(|| invalid(format!("no array {a:?}")))?;
        let table = self.env[token];
        let offset = a.index() * size_of::<Descriptor>();
        Ok(self.offset_by(table, offset as i64))
    }

    /// `base + offset`, without an instruction when the offset is zero.
    fn offset_by(&mut self, base: Value, offset: i64) -> Value {
        if offset == 0 {
            base
        } else {
            self.b.ins().iadd_imm_s(base, offset)
        }
    }

    fn lower_desc_field(&mut self, a: ArrayId, field: DescField) -> Result<Value> {
        let offset = match field {
            DescField::Base => Descriptor::BASE_OFFSET,
            DescField::Offset => Descriptor::OFFSET_OFFSET,
            DescField::LBound(d) => Descriptor::lbound_offset(d),
            DescField::Extent(d) => Descriptor::extent_offset(d),
            DescField::Stride(d) => Descriptor::stride_offset(d),
        };
        if let DescField::LBound(d) | DescField::Extent(d) | DescField::Stride(d) = field {
            if usize::from(d) >= fscal_runtime::MAX_RANK {
                return Err(invalid(format!("descriptor dimension {d} out of range")));
            }
        }
        let desc = self.desc_addr(a)?;
        Ok(self
            .b
            .ins()
            .load(types::I64, self.flags.descriptor, desc, offset))
    }

    fn lower_str(&mut self, s: StrId) -> Result<Value> {
        let offset = self.storage.string_offsets.get(s.index()).copied();
        let (Some(gv), Some(offset)) = (self.storage.strings, offset) else {
            return Err(invalid(format!("no string {s:?}")));
        };
        let base = self.b.ins().symbol_value(types::I64, gv);
        Ok(self.offset_by(base, offset))
    }

    /// The byte address of an element and the array's element type.
    fn element_addr(&mut self, addr: &Addr) -> Result<(Value, ScalarTy)> {
        let elem = self
            .ir
            .arrays
            .get(addr.array.index())
            .ok_or_else(|| invalid(format!("no array {:?}", addr.array)))?
            .elem;
        let index = self.lower_typed(&addr.index, ScalarTy::I64, "an element index")?;
        let base = self.lower_desc_field(addr.array, DescField::Base)?;
        let shift = elem.size().trailing_zeros();
        let bytes = self.b.ins().ishl_imm_u(index, i64::from(shift));
        Ok((self.b.ins().iadd(base, bytes), elem))
    }

    /// Load an element; `Bool` elements are 4-byte 0/1 integers in memory.
    fn lower_load(&mut self, addr: &Addr) -> Result<Value> {
        let (ptr, elem) = self.element_addr(addr)?;
        if elem == ScalarTy::Bool {
            let word = self.b.ins().load(types::I32, self.flags.element, ptr, 0);
            return Ok(self.b.ins().icmp_imm_s(IntCC::NotEqual, word, 0));
        }
        Ok(self
            .b
            .ins()
            .load(clif_type(elem), self.flags.element, ptr, 0))
    }

    /// Store `value` (already lowered, of the element type) at `addr`.
    pub(super) fn lower_store(&mut self, addr: &Addr, value: &Expr) -> Result<()> {
        let v = self.lower_expr(value)?;
        let (ptr, elem) = self.element_addr(addr)?;
        let got = self.scalar_of(v);
        if got != elem {
            return Err(invalid(format!("storing a {got} into an array of {elem}")));
        }
        let v = if elem == ScalarTy::Bool {
            self.b.ins().uextend(types::I32, v)
        } else {
            v
        };
        self.b.ins().store(self.flags.element, v, ptr, 0);
        Ok(())
    }

    fn lower_select(&mut self, c: &Expr, x: &Expr, y: &Expr) -> Result<Value> {
        let c = self.lower_typed(c, ScalarTy::Bool, "a select condition")?;
        let x = self.lower_expr(x)?;
        let y = self.lower_expr(y)?;
        if self.ty_of(x) != self.ty_of(y) {
            return Err(invalid("select arms of different types"));
        }
        Ok(self.b.ins().select(c, x, y))
    }

    /// A runtime call used for its result.
    fn lower_call_value(&mut self, f: RtFn, args: &[Expr]) -> Result<Value> {
        if f.signature().1.is_none() {
            return Err(invalid(format!("{f:?} has no result")));
        }
        let results = self.lower_call(f, args)?;
        Ok(results[0])
    }

    /// Emit a call to `f` (arguments checked against its signature) and
    /// return its results.
    pub(super) fn lower_call(&mut self, f: RtFn, args: &[Expr]) -> Result<Vec<Value>> {
        let (params, _) = f.signature();
        if params.len() != args.len() {
            return Err(invalid(format!(
                "{f:?} takes {} arguments, got {}",
                params.len(),
                args.len()
            )));
        }
        let mut vals = Vec::with_capacity(args.len());
        for (arg, ty) in args.iter().zip(params) {
            let v = self.lower_typed(arg, ty, "an argument");
            vals.push(v.map_err(|e| invalid(format!("call of {f:?}: {e}")))?);
        }
        let callee = self.func_ref(f)?;
        let call = self.b.ins().call(callee, &vals);
        Ok(self.b.inst_results(call).to_vec())
    }
}
