//! Which slots a statement list assigns: the values a loop or an `if` must
//! carry through block parameters.

use fscal_scalarizer::ir::{LocalId, LoopId, Stmt};

use super::{rewrites_descriptors, Lowerer};

/// Generation-stamped marks, one per slot, so that each query costs time
/// proportional to the statements walked, not to the number of slots.
#[derive(Default)]
pub(super) struct Marks {
    stamp: Vec<u32>,
    current: u32,
}

impl Lowerer<'_, '_> {
    /// The slots assigned anywhere in `lists` (sorted, without repeats),
    /// plus `extra` if given: `Set` targets, DO variables, and the token
    /// when a runtime call may rewrite a descriptor.
    pub(super) fn assigned(&mut self, lists: &[&[Stmt]], extra: Option<LocalId>) -> Vec<usize> {
        self.assigned_in_loop(lists, extra, None).0
    }

    /// As [`Self::assigned`]; also tells whether the lists contain a
    /// `Continue(continue_of)`.
    pub(super) fn assigned_in_loop(
        &mut self,
        lists: &[&[Stmt]],
        extra: Option<LocalId>,
        continue_of: Option<LoopId>,
    ) -> (Vec<usize>, bool) {
        let marks = &mut self.marks;
        marks.stamp.resize(self.slot_types.len(), 0);
        marks.current = marks.current.wrapping_add(1);
        if marks.current == 0 {
            marks.stamp.fill(0);
            marks.current = 1;
        }
        let mut out = Vec::new();
        let mut walk = Walk {
            marks,
            out: &mut out,
            token: self.token,
            continue_of,
            continued: false,
        };
        if let Some(l) = extra {
            walk.mark(l.index());
        }
        for list in lists {
            walk.stmts(list);
        }
        let continued = walk.continued;
        out.sort_unstable();
        (out, continued)
    }
}

/// One query's traversal.
struct Walk<'m> {
    marks: &'m mut Marks,
    out: &'m mut Vec<usize>,
    token: Option<usize>,
    continue_of: Option<LoopId>,
    continued: bool,
}

impl Walk<'_> {
    fn mark(&mut self, slot: usize) {
        // Out-of-range locals are reported when their statement is lowered.
        if let Some(s) = self.marks.stamp.get_mut(slot) {
            if *s != self.marks.current {
                *s = self.marks.current;
                self.out.push(slot);
            }
        }
    }

    fn stmts(&mut self, list: &[Stmt]) {
        for s in list {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        match s {
            Stmt::Set(l, _) => self.mark(l.index()),
            Stmt::Loop(lp) => {
                self.mark(lp.var.index());
                self.stmts(&lp.body);
            }
            Stmt::While { body, .. } => self.stmts(body),
            Stmt::If {
                then_body,
                else_body,
                ..
            } => {
                self.stmts(then_body);
                self.stmts(else_body);
            }
            Stmt::Call(f, _) if rewrites_descriptors(*f) => {
                if let Some(t) = self.token {
                    self.mark(t);
                }
            }
            Stmt::Continue(id) if Some(*id) == self.continue_of => self.continued = true,
            Stmt::Call(..)
            | Stmt::Store(..)
            | Stmt::Break(_)
            | Stmt::Continue(_)
            | Stmt::Comment(_) => {}
        }
    }
}
