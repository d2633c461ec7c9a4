//! Statements: assignments, stores, calls and `if`. Loops are in `loops`.

use cranelift_codegen::ir::{Block, InstBuilder, TrapCode};
use fscal_scalarizer::ir::{Expr, LocalId, RtFn, ScalarTy, Stmt};

use super::{rewrites_descriptors, Lowerer};
use crate::error::Result;

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
            Stmt::If {
                cond,
                then_body,
                else_body,
            } => self.lower_if(cond, then_body, else_body),
            Stmt::Break(id) => self.lower_break(*id),
            Stmt::Continue(id) => self.lower_continue(*id),
            Stmt::Call(f, args) => self.lower_call_stmt(*f, args),
            Stmt::Comment(_) => Ok(()),
        }
    }

    fn lower_set(&mut self, l: LocalId, e: &Expr) -> Result<()> {
        let (slot, ty) = self.local_slot(l)?;
        self.env[slot] = self.lower_typed(e, ty, "an assigned value")?;
        Ok(())
    }

    /// A runtime call for its effect. Descriptors may change across
    /// allocation calls; a call that never returns gets a cold block of
    /// its own that ends in a trap.
    fn lower_call_stmt(&mut self, f: RtFn, args: &[Expr]) -> Result<()> {
        if f.diverges() {
            let cold = self.b.create_block();
            self.b.set_cold_block(cold);
            self.b.ins().jump(cold, &[]);
            self.b.switch_to_block(cold);
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

    /// Two-way branch; the merge block takes one parameter per slot either
    /// arm assigns.
    fn lower_if(&mut self, cond: &Expr, then_body: &[Stmt], else_body: &[Stmt]) -> Result<()> {
        let c = self.lower_typed(cond, ScalarTy::Bool, "an if condition")?;
        let carried = self.assigned(&[then_body, else_body], None);
        let before: Vec<_> = carried.iter().map(|&s| self.env[s]).collect();
        let then_block = self.b.create_block();
        let merge = self.block_with_slots(&carried);
        if else_body.is_empty() {
            let args = self.slot_args(&carried);
            self.b.ins().brif(c, then_block, &[], merge, &args);
        } else {
            let else_block = self.b.create_block();
            self.b.ins().brif(c, then_block, &[], else_block, &[]);
            self.b.switch_to_block(else_block);
            self.lower_arm(else_body, merge, &carried)?;
            for (&s, &v) in carried.iter().zip(&before) {
                self.env[s] = v;
            }
        }
        self.b.switch_to_block(then_block);
        self.lower_arm(then_body, merge, &carried)?;
        self.enter_with_slots(merge, &carried);
        Ok(())
    }

    /// One arm of an `if`, ending in a jump to `merge`.
    fn lower_arm(&mut self, body: &[Stmt], merge: Block, carried: &[usize]) -> Result<()> {
        self.lower_block(body)?;
        let args = self.slot_args(carried);
        self.b.ins().jump(merge, &args);
        Ok(())
    }
}
