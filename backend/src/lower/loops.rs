//! DO and while loops, `Break` and `Continue`.
//!
//! A DO loop is rotated, so each iteration runs one conditional branch:
//!
//! ```text
//! pre:   trips = max(0, (end - start + step) / step)      (in i64)
//!        brif trips > 0, body(carried.., trips), exit(carried..)
//! body(carried.., count):  ...                            (Continue -> latch)
//!        jump latch(carried.., count)                     (Break -> exit)
//! latch(carried.., count): var += step; count -= 1        (parameters only
//!                                                          with a Continue)
//!        brif count != 0, body(carried.., count), exit(carried..)
//! exit(carried..):
//! ```
//!
//! `carried` are the slots the body assigns, plus the loop variable.

use std::rc::Rc;

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, Block, BlockArg, InstBuilder, Value};
use fscal_scalarizer::ir::{Expr, Loop, LoopId, ScalarTy, Stmt};

use super::arith::const_int;
use super::Lowerer;
use crate::error::{invalid, Result};

/// Where `Break` and `Continue` of one loop go, and what they pass.
pub(super) struct LoopTargets {
    id: LoopId,
    /// The block that starts the next iteration.
    next: Block,
    /// The block after the loop.
    exit: Block,
    /// The slots both blocks take as parameters.
    carried: Rc<[usize]>,
    /// The remaining-trips count `next` also takes (DO loops only).
    count: Option<Value>,
}

impl Lowerer<'_, '_> {
    /// A Fortran DO loop (see the module docs).
    pub(super) fn lower_do(&mut self, lp: &Loop) -> Result<()> {
        let (var, ty) = self.local_slot(lp.var)?;
        if !ty.is_int() {
            return Err(invalid(format!("DO variable of type {ty}")));
        }
        let start = self.lower_typed(&lp.start, ty, "a DO start")?;
        let end = self.lower_typed(&lp.end, ty, "a DO end")?;
        let step = self.lower_typed(&lp.step, ty, "a DO step")?;
        let trips = self.trip_count(start, end, step, &lp.step);
        self.env[var] = start;

        let (carried, continued) = self.assigned_in_loop(&[&lp.body], Some(lp.var), Some(lp.id));
        let carried: Rc<[usize]> = carried.into();
        let body = self.block_with_slots(&carried);
        let count = self.b.append_block_param(body, types::I64);
        // Without a `Continue`, the latch's only predecessor is the end of
        // the body, so it needs no parameters.
        let latch = if continued {
            let latch = self.block_with_slots(&carried);
            self.b.append_block_param(latch, types::I64);
            latch
        } else {
            self.b.create_block()
        };
        let exit = self.block_with_slots(&carried);

        let any = self.b.ins().icmp_imm_s(IntCC::SignedGreaterThan, trips, 0);
        let (to_body, to_exit) = self.loop_args(&carried, trips);
        self.b.ins().brif(any, body, &to_body, exit, &to_exit);

        self.enter_with_slots(body, &carried);
        let next = LoopTargets {
            id: lp.id,
            next: latch,
            exit,
            carried: carried.clone(),
            count: Some(count),
        };
        self.lower_loop_body(next, &lp.body)?;
        let count = if continued {
            let (to_latch, _) = self.loop_args(&carried, count);
            self.b.ins().jump(latch, &to_latch);
            self.enter_with_slots(latch, &carried);
            self.b.block_params(latch)[carried.len()]
        } else {
            self.b.ins().jump(latch, &[]);
            self.b.switch_to_block(latch);
            count
        };
        self.env[var] = self.b.ins().iadd(self.env[var], step);
        let left = self.b.ins().iadd_imm_s(count, -1);
        let more = self.b.ins().icmp_imm_s(IntCC::NotEqual, left, 0);
        let (to_body, to_exit) = self.loop_args(&carried, left);
        self.b.ins().brif(more, body, &to_body, exit, &to_exit);

        self.enter_with_slots(exit, &carried);
        Ok(())
    }

    /// Branch arguments into a DO loop's body (carried slots and `count`)
    /// and to its exit (carried slots).
    fn loop_args(&self, carried: &[usize], count: Value) -> (Vec<BlockArg>, Vec<BlockArg>) {
        let to_exit = self.slot_args(carried);
        let mut to_body = to_exit.clone();
        to_body.push(BlockArg::Value(count));
        (to_body, to_exit)
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

    /// `while cond { body }`: the header tests the condition; `Continue`
    /// goes back to it.
    pub(super) fn lower_while(&mut self, id: LoopId, cond: &Expr, body: &[Stmt]) -> Result<()> {
        let carried: Rc<[usize]> = self.assigned(&[body], None).into();
        let header = self.block_with_slots(&carried);
        let exit = self.block_with_slots(&carried);
        let body_block = self.b.create_block();
        let args = self.slot_args(&carried);
        self.b.ins().jump(header, &args);

        self.enter_with_slots(header, &carried);
        let c = self.lower_typed(cond, ScalarTy::Bool, "a while condition")?;
        let args = self.slot_args(&carried);
        self.b.ins().brif(c, body_block, &[], exit, &args);

        self.b.switch_to_block(body_block);
        let targets = LoopTargets {
            id,
            next: header,
            exit,
            carried: carried.clone(),
            count: None,
        };
        self.lower_loop_body(targets, body)?;
        let args = self.slot_args(&carried);
        self.b.ins().jump(header, &args);

        self.enter_with_slots(exit, &carried);
        Ok(())
    }

    /// Lower a loop body with `targets` on the loop stack.
    fn lower_loop_body(&mut self, targets: LoopTargets, body: &[Stmt]) -> Result<()> {
        self.loops.push(targets);
        let r = self.lower_block(body);
        self.loops.pop();
        r
    }

    /// The targets of enclosing loop `id`.
    fn targets(&self, id: LoopId) -> Result<&LoopTargets> {
        let t = self.loops.iter().rev().find(|t| t.id == id);
        t.ok_or_else(|| invalid(format!("{id:?} is not an enclosing loop")))
    }

    /// `Break(id)`: jump to the loop's exit with the carried slots.
    pub(super) fn lower_break(&mut self, id: LoopId) -> Result<()> {
        let t = self.targets(id)?;
        let (exit, args) = (t.exit, self.slot_args(&t.carried));
        self.b.ins().jump(exit, &args);
        self.start_dead_block();
        Ok(())
    }

    /// `Continue(id)`: jump to the block that starts the next iteration.
    pub(super) fn lower_continue(&mut self, id: LoopId) -> Result<()> {
        let t = self.targets(id)?;
        let (next, mut args) = (t.next, self.slot_args(&t.carried));
        args.extend(t.count.map(BlockArg::Value));
        self.b.ins().jump(next, &args);
        self.start_dead_block();
        Ok(())
    }
}
