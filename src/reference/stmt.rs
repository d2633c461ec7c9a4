//! Statement execution, program start-up and output.

use fscal_frontend::hir::{
    Expr, ExprKind, Format, LoopLabel, Shape, Span, Stmt, StmtKind, Symbol, SymbolId,
};
use fscal_runtime::format::{format_items, list_directed, parse_format, Item};

use super::section::new_store;
use super::value::{internal, Value};
use super::{at, Interp, RefError, Slot};

/// What a statement asks its enclosing blocks to do next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flow {
    /// Continue with the next statement.
    Next,
    /// Leave the loop with this label.
    Exit(LoopLabel),
    /// Start the next iteration of the loop with this label.
    Cycle(LoopLabel),
    /// End the program (with the `stop` code, if any).
    Stop(Option<i64>),
}

impl Interp<'_> {
    /// Give every symbol its storage: scalars their initial value (or
    /// zero), explicit-shape arrays their bounds, evaluated now.
    pub(super) fn init_slots(&mut self) -> Result<(), RefError> {
        let program = self.program;
        self.slots = program
            .symbols
            .iter()
            .map(initial_slot)
            .collect::<Result<_, _>>()?;
        for (i, sym) in program.symbols.iter().enumerate() {
            if let Shape::Explicit(dims) = &sym.shape {
                let bounds = self.eval_bounds(dims)?;
                let fill = initial_value(sym)?;
                let store = new_store(&bounds, fill, self.limits.max_elements)
                    .map_err(|m| at(sym.span)(format!("array '{}': {m}", sym.name)))?;
                self.slots[i] = Slot::Array(Some(store));
            }
        }
        Ok(())
    }

    fn eval_bounds(&mut self, dims: &[(Expr, Expr)]) -> Result<Vec<(i64, i64)>, RefError> {
        dims.iter()
            .map(|(lo, hi)| Ok((self.eval_int(lo)?, self.eval_int(hi)?)))
            .collect()
    }

    /// Run the body; `Ok` carries the `stop` code.
    pub(super) fn exec_program(&mut self) -> Result<Option<i64>, RefError> {
        match self.exec_block(&self.program.body)? {
            Flow::Stop(code) => Ok(code),
            Flow::Next => Ok(None),
            Flow::Exit(_) | Flow::Cycle(_) => Err(at(Span::default())(internal(
                "exit or cycle outside its loop",
            ))),
        }
    }

    fn exec_block(&mut self, stmts: &[Stmt]) -> Result<Flow, RefError> {
        for s in stmts {
            let flow = self.exec(s)?;
            if flow != Flow::Next {
                return Ok(flow);
            }
        }
        Ok(Flow::Next)
    }

    fn exec(&mut self, s: &Stmt) -> Result<Flow, RefError> {
        self.step(s.span)?;
        match &s.kind {
            StmtKind::Assign { lhs, rhs } => self.exec_assign(lhs, rhs)?,
            StmtKind::Allocate(items) => {
                for (sym, dims, span) in items {
                    self.exec_allocate(*sym, dims, *span)?;
                }
            }
            StmtKind::Deallocate(items) => {
                for (sym, span) in items {
                    self.exec_deallocate(*sym, *span)?;
                }
            }
            StmtKind::Do {
                label,
                var,
                start,
                end,
                step,
                body,
            } => return self.exec_do(*label, *var, [start, end], step.as_ref(), body, s.span),
            StmtKind::DoWhile { label, cond, body } => {
                return self.exec_do_while(*label, cond, body, s.span)
            }
            StmtKind::If { arms, else_body } => return self.exec_if(arms, else_body),
            StmtKind::Exit(label) => return Ok(Flow::Exit(*label)),
            StmtKind::Cycle(label) => return Ok(Flow::Cycle(*label)),
            StmtKind::Print { format, items } => self.exec_print(format, items, s.span)?,
            StmtKind::Stop(code) => {
                return Ok(Flow::Stop(
                    code.as_ref().map(|c| self.eval_int(c)).transpose()?,
                ))
            }
        }
        Ok(Flow::Next)
    }

    /// The right-hand side is evaluated completely before anything is
    /// stored, which is what makes overlapping sections correct.
    fn exec_assign(&mut self, lhs: &Expr, rhs: &Expr) -> Result<(), RefError> {
        let value = self.eval(rhs)?;
        match &lhs.kind {
            ExprKind::Var(sym) => self.assign_var(*sym, value, lhs.span),
            ExprKind::Section { array, subs } => self.assign_section(*array, subs, value, lhs.span),
            _ => Err(at(lhs.span)(internal("assignment to an expression"))),
        }
    }

    fn exec_allocate(
        &mut self,
        sym: SymbolId,
        dims: &[(Expr, Expr)],
        span: Span,
    ) -> Result<(), RefError> {
        if let Slot::Array(Some(_)) = self.slots[sym.index()] {
            return Err(at(span)(format!(
                "attempt to allocate already allocated array '{}'",
                self.name(sym)
            )));
        }
        let bounds = self.eval_bounds(dims)?;
        let fill = Value::zero(self.program.symbol(sym).ty);
        let store = new_store(&bounds, fill, self.limits.max_elements).map_err(|m| {
            at(span)(format!(
                "allocation of array '{}' failed: {m}",
                self.name(sym)
            ))
        })?;
        self.slots[sym.index()] = Slot::Array(Some(store));
        Ok(())
    }

    fn exec_deallocate(&mut self, sym: SymbolId, span: Span) -> Result<(), RefError> {
        match &mut self.slots[sym.index()] {
            Slot::Array(store @ Some(_)) => {
                *store = None;
                Ok(())
            }
            _ => Err(at(span)(format!(
                "attempt to deallocate unallocated array '{}'",
                self.name(sym)
            ))),
        }
    }

    /// A counted loop: the trip count is fixed before the first trip; the
    /// variable holds `start + k*step` on trip `k` and `start + trips*step`
    /// after a loop that was not left by `exit`.
    fn exec_do(
        &mut self,
        label: LoopLabel,
        var: SymbolId,
        [start, end]: [&Expr; 2],
        step: Option<&Expr>,
        body: &[Stmt],
        span: Span,
    ) -> Result<Flow, RefError> {
        let control = self.do_control(start, end, step, span)?;
        let ty = self.program.symbol(var).ty;
        for k in 0..control.trips {
            self.step(span)?;
            self.slots[var.index()] = Slot::Scalar(control.value(k, ty));
            match self.exec_block(body)? {
                Flow::Exit(l) if l == label => return Ok(Flow::Next),
                Flow::Next => {}
                Flow::Cycle(l) if l == label => {}
                other => return Ok(other),
            }
        }
        self.slots[var.index()] = Slot::Scalar(control.value(control.trips, ty));
        Ok(Flow::Next)
    }

    fn exec_do_while(
        &mut self,
        label: LoopLabel,
        cond: &Expr,
        body: &[Stmt],
        span: Span,
    ) -> Result<Flow, RefError> {
        loop {
            self.step(span)?;
            if !self.eval_bool(cond)? {
                return Ok(Flow::Next);
            }
            match self.exec_block(body)? {
                Flow::Exit(l) if l == label => return Ok(Flow::Next),
                Flow::Next => {}
                Flow::Cycle(l) if l == label => {}
                other => return Ok(other),
            }
        }
    }

    fn exec_if(
        &mut self,
        arms: &[(Expr, Vec<Stmt>)],
        else_body: &[Stmt],
    ) -> Result<Flow, RefError> {
        for (cond, body) in arms {
            if self.eval_bool(cond)? {
                return self.exec_block(body);
            }
        }
        self.exec_block(else_body)
    }

    /// Evaluate every item (arrays expand to their elements in array
    /// element order), then format the whole list at once.
    fn exec_print(&mut self, format: &Format, items: &[Expr], span: Span) -> Result<(), RefError> {
        let mut out = Vec::new();
        for item in items {
            match &item.kind {
                ExprKind::Str(s) => out.push(Item::Str(s.clone())),
                _ => out.extend(
                    self.eval(item)?
                        .into_elements()
                        .into_iter()
                        .map(Value::to_item),
                ),
            }
        }
        let text = match format {
            Format::List => list_directed(&out),
            Format::Text(f) => match parse_format(f).and_then(|f| format_items(&f, &out)) {
                Ok(text) => text,
                Err(e) => {
                    // gfortran writes the records completed before the
                    // error; so does the compiled code.
                    self.output.push_str(&e.partial);
                    return Err(at(span)(e.to_string()));
                }
            },
        };
        self.output.push_str(&text);
        Ok(())
    }
}

/// Storage of a symbol before explicit-shape arrays get their bounds.
fn initial_slot(sym: &Symbol) -> Result<Slot, RefError> {
    Ok(match sym.shape {
        Shape::Scalar => Slot::Scalar(initial_value(sym)?),
        Shape::Explicit(_) | Shape::Deferred(_) => Slot::Array(None),
    })
}

/// The declared initial value (or the parameter value), else zero.
fn initial_value(sym: &Symbol) -> Result<Value, RefError> {
    match sym.init.or(sym.parameter) {
        Some(v) => Value::from_const(v, sym.ty).map_err(at(sym.span)),
        None => Ok(Value::zero(sym.ty)),
    }
}
