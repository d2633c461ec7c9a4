//! Statements and control flow. Every block is sealed as soon as its last
//! predecessor exists; inner loops are closed before outer ones.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, Block, InstBuilder, TrapCode, Value};
use fscal_scalarizer::ir::{Expr, LocalId, Loop, LoopId, RtFn, ScalarTy, Stmt};

use super::arith::const_int;
use super::{rewrites_descriptors, LoopTargets, Lowerer};
use crate::error::{invalid, Result};

/// The trap that follows a call to a runtime function that never returns.
const UNREACHABLE: TrapCode = TrapCode::unwrap_user(1);

impl Lowerer<'_, '_> {
    /// Lower statements in order into the current block.
    pub(super) fn lower_block(&mut self, body: &[Stmt]) -> Result<()> {
        body.iter().try_for_each(|s| self.lower_stmt(s))
    }

    fn lower_stmt(&mut self, s: &Stmt) -> Result<()> {
        match s {
            Stmt::Set(l, e) => self.lower_set(*l, e),
            Stmt::Store(addr, e) => self.lower_store(addr, e),
            Stmt::Loop(lp) => self.lower_do(lp),
            Stmt::While { id, cond, body } => self.lower_while(*id, cond, body),
            Stmt::If { cond, then_body, else_body } => self.lower_if(cond, then_body, else_body),
            Stmt::Break(id) => self.lower_jump_out(*id, |t| t.exit),
            Stmt::Continue(id) => self.lower_jump_out(*id, |t| t.next),
            Stmt::Call(f, args) => self.lower_call_stmt(*f, args),
            Stmt::Comment(_) => Ok(()),
        }
    }

    fn lower_set(&mut self, l: LocalId, e: &Expr) -> Result<()> {
        let (var, ty) = self.local_var(l)?;
        let v = self.lower_typed(e, ty, "an assigned value")?;
        self.b.def_var(var, v);
        Ok(())
    }

    /// A runtime call for its effect. Descriptors may change across
    /// allocation calls; calls that never return get a cold block of their
    /// own that ends in a trap.
    fn lower_call_stmt(&mut self, f: RtFn, args: &[Expr]) -> Result<()> {
        if f.diverges() {
            let cold = self.b.create_block();
            self.b.set_cold_block(cold);
            self.b.ins().jump(cold, &[]);
            self.b.switch_to_block(cold);
            self.b.seal_block(cold);
        }
        self.lower_call(f, args)?;
        if rewrites_descriptors(f) {
            self.refresh_descriptors();
        }
        if f.diverges() {
            self.b.ins().trap(UNREACHABLE);
            self.start_dead_block();
        }
        Ok(())
    }

    /// `Break` / `Continue`: jump to the named loop's exit / next block.
    fn lower_jump_out(&mut self, id: LoopId, pick: fn(&LoopTargets) -> Block) -> Result<()> {
        let targets = self.loops.iter().rev().find(|t| t.id == id);
        let target = targets.map(pick).ok_or_else(|| invalid(format!("{id:?} is not an enclosing loop")))?;
        self.b.ins().jump(target, &[]);
        self.start_dead_block();
        Ok(())
    }

    fn lower_if(&mut self, cond: &Expr, then_body: &[Stmt], else_body: &[Stmt]) -> Result<()> {
        let c = self.lower_typed(cond, ScalarTy::Bool, "an if condition")?;
        let then_block = self.b.create_block();
        let merge = self.b.create_block();
        let else_block = if else_body.is_empty() { merge } else { self.b.create_block() };
        self.b.ins().brif(c, then_block, &[], else_block, &[]);
        self.b.seal_block(then_block);
        self.b.switch_to_block(then_block);
        self.lower_block(then_body)?;
        self.b.ins().jump(merge, &[]);
        if else_block != merge {
            self.b.seal_block(else_block);
            self.b.switch_to_block(else_block);
            self.lower_block(else_body)?;
            self.b.ins().jump(merge, &[]);
        }
        self.b.seal_block(merge);
        self.b.switch_to_block(merge);
        Ok(())
    }

    /// `while cond { body }`: header (test), body, exit; `Continue` goes
    /// back to the header.
    fn lower_while(&mut self, id: LoopId, cond: &Expr, body: &[Stmt]) -> Result<()> {
        let header = self.b.create_block();
        let body_block = self.b.create_block();
        let exit = self.b.create_block();
        self.b.ins().jump(header, &[]);
        self.b.switch_to_block(header);
        let c = self.lower_typed(cond, ScalarTy::Bool, "a while condition")?;
        self.b.ins().brif(c, body_block, &[], exit, &[]);
        self.b.seal_block(body_block);
        self.b.switch_to_block(body_block);
        self.with_loop(LoopTargets { id, next: header, exit }, body)?;
        self.b.ins().jump(header, &[]);
        self.b.seal_block(header);
        self.b.seal_block(exit);
        self.b.switch_to_block(exit);
        Ok(())
    }

    /// Lower a loop body with `targets` on the loop stack.
    fn with_loop(&mut self, targets: LoopTargets, body: &[Stmt]) -> Result<()> {
        self.loops.push(targets);
        let r = self.lower_block(body);
        self.loops.pop();
        r
    }

    /// A Fortran DO loop, rotated: the trip count is computed once (in
    /// i64), a zero count skips the loop, and the latch counts down and
    /// branches back to the body while iterations remain.
    fn lower_do(&mut self, lp: &Loop) -> Result<()> {
        let (var, ty) = self.local_var(lp.var)?;
        if !ty.is_int() {
            return Err(invalid(format!("DO variable of type {ty}")));
        }
        let start = self.lower_typed(&lp.start, ty, "a DO start")?;
        let end = self.lower_typed(&lp.end, ty, "a DO end")?;
        let step = self.lower_typed(&lp.step, ty, "a DO step")?;
        let trips = self.trip_count(start, end, step, &lp.step);
        self.b.def_var(var, start);
        let count = self.b.declare_var(types::I64);
        self.b.def_var(count, trips);

        let body = self.b.create_block();
        let latch = self.b.create_block();
        let exit = self.b.create_block();
        let any = self.b.ins().icmp_imm_s(IntCC::SignedGreaterThan, trips, 0);
        self.b.ins().brif(any, body, &[], exit, &[]);
        self.b.switch_to_block(body);
        self.with_loop(LoopTargets { id: lp.id, next: latch, exit }, &lp.body)?;
        self.b.ins().jump(latch, &[]);

        self.b.seal_block(latch);
        self.b.switch_to_block(latch);
        let v = self.b.use_var(var);
        let v = self.b.ins().iadd(v, step);
        self.b.def_var(var, v);
        let n = self.b.use_var(count);
        let n = self.b.ins().iadd_imm_s(n, -1);
        self.b.def_var(count, n);
        let more = self.b.ins().icmp_imm_s(IntCC::NotEqual, n, 0);
        self.b.ins().brif(more, body, &[], exit, &[]);
        self.b.seal_block(body);
        self.b.seal_block(exit);
        self.b.switch_to_block(exit);
        Ok(())
    }

    /// `max(0, (end - start + step) / step)` in i64.
    fn trip_count(&mut self, start: Value, end: Value, step: Value, step_expr: &Expr) -> Value {
        let start = self.widen_i64(start);
        let end = self.widen_i64(end);
        let step = self.widen_i64(step);
        let span = self.b.ins().isub(end, start);
        let span = self.b.ins().iadd(span, step);
        let trips = self.int_divrem(false, span, step, const_int(step_expr));
        let zero = self.b.ins().iconst(types::I64, 0);
        self.b.ins().smax(trips, zero)
    }

    /// Sign-extend an `i32` to `i64`; `i64` values pass through.
    fn widen_i64(&mut self, v: Value) -> Value {
        if self.ty_of(v) == types::I64 {
            v
        } else {
            self.b.ins().sextend(types::I64, v)
        }
    }
}
