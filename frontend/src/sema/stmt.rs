//! Statements: assignment, control flow, allocation, output.

use super::expr::{describe, shape_text};
use super::Sema;
use crate::ast::{self, DimSpec, FormatSpec, StmtKind as S};
use crate::hir::{Expr, ExprKind, Format, Shape, Span, Stmt, StmtKind, Type, Value};

impl Sema {
    pub(super) fn block(&mut self, stmts: &[ast::Stmt]) -> Vec<Stmt> {
        stmts.iter().filter_map(|s| self.stmt(s)).collect()
    }

    fn stmt(&mut self, stmt: &ast::Stmt) -> Option<Stmt> {
        let span = stmt.span;
        let kind = match &stmt.kind {
            S::Assign { lhs, rhs } => self.assign(lhs, rhs, span)?,
            S::Print { format, items } => self.print(format, items)?,
            S::If { arms, else_body } => self.if_construct(arms, else_body.as_deref())?,
            S::Do {
                label,
                control: Some(c),
                body,
            } => self.do_loop(label.as_ref(), c, body)?,
            S::Do {
                label,
                control: None,
                body,
            } => {
                let cond = Expr::constant(Value::Logical(true), Type::Logical, span);
                self.while_loop(label.as_ref(), cond, body)
            }
            S::DoWhile { label, cond, body } => {
                let c = self.condition(cond, "do while");
                let lowered = self.while_loop(
                    label.as_ref(),
                    c.clone().unwrap_or_else(|| {
                        Expr::constant(Value::Logical(true), Type::Logical, span)
                    }),
                    body,
                );
                c?;
                lowered
            }
            S::Exit(name) => StmtKind::Exit(self.loop_target(name.as_ref(), "exit", span)?),
            S::Cycle(name) => StmtKind::Cycle(self.loop_target(name.as_ref(), "cycle", span)?),
            S::Allocate(items) => self.allocate(items)?,
            S::Deallocate(names) => self.deallocate(names)?,
            S::Stop(code) => StmtKind::Stop(match code {
                Some(c) => Some(self.int_scalar(c, "a stop code", Type::Int4)?),
                None => None,
            }),
            S::Continue => return None,
            S::Unsupported(what) => {
                self.error(span, format!("not supported yet: {what}"));
                return None;
            }
        };
        Some(Stmt { kind, span })
    }

    fn assign(&mut self, lhs: &ast::Expr, rhs: &ast::Expr, span: Span) -> Option<StmtKind> {
        let target = self.assign_target(lhs);
        let value = self.expr(rhs);
        let (target, value) = (target?, value?);
        if target.rank == 0 && value.rank > 0 {
            self.error(
                rhs.span,
                format!("cannot assign {} to a scalar", describe(&value)),
            );
            return None;
        }
        if value.rank > 0 && value.rank != target.rank {
            let msg = format!(
                "cannot assign {} to a rank-{} array",
                describe(&value),
                target.rank
            );
            self.error(span, msg);
            return None;
        }
        if let (Some(a), Some(b)) = (
            super::static_shape(&self.symbols, &target),
            super::static_shape(&self.symbols, &value),
        ) {
            if a != b {
                self.error(
                    span,
                    format!(
                        "shapes do not conform in assignment: {} and {}",
                        shape_text(&a),
                        shape_text(&b)
                    ),
                );
                return None;
            }
        }
        let value = self.convert_for_assign(value, target.ty, rhs.span)?;
        Some(StmtKind::Assign {
            lhs: target,
            rhs: value,
        })
    }

    /// The left-hand side: a variable, an element or a section.
    fn assign_target(&mut self, lhs: &ast::Expr) -> Option<Expr> {
        let name = match &lhs.kind {
            ast::ExprKind::Name(n) | ast::ExprKind::Apply { name: n, .. } => n,
            _ => {
                self.error(
                    lhs.span,
                    "the left-hand side of an assignment must be a variable",
                );
                return None;
            }
        };
        if let Some(id) = self.scope.get(&name.name) {
            if self.sym(*id).parameter.is_some() {
                self.error(
                    name.span,
                    format!("cannot assign to the named constant '{}'", name.name),
                );
                return None;
            }
        }
        let target = self.expr(lhs)?;
        match target.kind {
            ExprKind::Var(_) | ExprKind::Section { .. } => Some(target),
            _ => {
                self.error(lhs.span, format!("'{}' cannot be assigned to", name.name));
                None
            }
        }
    }

    fn print(&mut self, format: &FormatSpec, items: &[ast::Expr]) -> Option<StmtKind> {
        let format = match format {
            FormatSpec::List => Some(Format::List),
            FormatSpec::Expr(e) => match &e.kind {
                ast::ExprKind::Lit(ast::Literal::Str(s)) => Some(Format::Text(s.clone())),
                _ => {
                    self.error(
                        e.span,
                        "not supported yet: a format that is not a character constant",
                    );
                    None
                }
            },
        };
        let mut lowered = Vec::with_capacity(items.len());
        for item in items {
            if let Some(h) = self.expr(item) {
                lowered.push(h);
            }
        }
        (lowered.len() == items.len()).then_some(())?;
        Some(StmtKind::Print {
            format: format?,
            items: lowered,
        })
    }

    /// A scalar logical condition.
    fn condition(&mut self, e: &ast::Expr, what: &str) -> Option<Expr> {
        let h = self.expr(e)?;
        if h.ty != Type::Logical || h.rank != 0 {
            self.error(
                e.span,
                format!(
                    "the condition of {what} must be a scalar logical, found {}",
                    describe(&h)
                ),
            );
            return None;
        }
        Some(h)
    }

    fn if_construct(
        &mut self,
        arms: &[(ast::Expr, Vec<ast::Stmt>)],
        else_body: Option<&[ast::Stmt]>,
    ) -> Option<StmtKind> {
        let mut lowered = Vec::with_capacity(arms.len());
        let mut ok = true;
        for (cond, body) in arms {
            let c = self.condition(cond, "if");
            let b = self.block(body);
            match c {
                Some(c) => lowered.push((c, b)),
                None => ok = false,
            }
        }
        let else_body = else_body.map(|b| self.block(b)).unwrap_or_default();
        ok.then_some(StmtKind::If {
            arms: lowered,
            else_body,
        })
    }

    fn do_loop(
        &mut self,
        label: Option<&ast::Ident>,
        c: &ast::DoControl,
        body: &[ast::Stmt],
    ) -> Option<StmtKind> {
        let var = self.lookup(&c.var);
        let ty = var.map(|v| self.sym(v).ty);
        let var_ok = match var {
            Some(v) => {
                let s = self.sym(v);
                let ok = s.ty.is_int() && s.shape == Shape::Scalar && s.parameter.is_none();
                if !ok {
                    self.error(
                        c.var.span,
                        format!(
                            "do variable '{}' must be an integer scalar variable",
                            c.var.name
                        ),
                    );
                }
                ok
            }
            None => false,
        };
        let ty = ty.filter(|t| t.is_int()).unwrap_or(Type::Int4);
        let start = self.int_scalar(&c.start, "the do start", ty);
        let end = self.int_scalar(&c.end, "the do end", ty);
        let step = match &c.step {
            Some(s) => self.int_scalar(s, "the do step", ty).map(Some),
            None => Some(None),
        };
        if let Some(Some(st)) = &step {
            if st.as_int() == Some(0) {
                self.error(st.span, "the step of a do loop must not be zero");
            }
        }
        let loop_label = self.new_loop(label);
        let body = self.block(body);
        self.loops.pop();
        if !var_ok || matches!(&step, Some(Some(st)) if st.as_int() == Some(0)) {
            return None;
        }
        Some(StmtKind::Do {
            label: loop_label,
            var: var?,
            start: start?,
            end: end?,
            step: step?,
            body,
        })
    }

    fn while_loop(
        &mut self,
        label: Option<&ast::Ident>,
        cond: Expr,
        body: &[ast::Stmt],
    ) -> StmtKind {
        let loop_label = self.new_loop(label);
        let body = self.block(body);
        self.loops.pop();
        StmtKind::DoWhile {
            label: loop_label,
            cond,
            body,
        }
    }

    fn loop_target(
        &mut self,
        name: Option<&ast::Ident>,
        what: &str,
        span: Span,
    ) -> Option<crate::hir::LoopLabel> {
        let found = match name {
            Some(n) => self
                .loops
                .iter()
                .rev()
                .find(|l| l.name.as_deref() == Some(n.name.as_str())),
            None => self.loops.last(),
        };
        match (found, name) {
            (Some(l), _) => Some(l.label),
            (None, Some(n)) => {
                self.error(
                    n.span,
                    format!("{what}: no enclosing do loop is named '{}'", n.name),
                );
                None
            }
            (None, None) => {
                self.error(span, format!("{what} statement outside a do loop"));
                None
            }
        }
    }

    fn allocatable(&mut self, name: &ast::Ident) -> Option<crate::hir::SymbolId> {
        let id = self.lookup(name)?;
        if !self.sym(id).is_allocatable() {
            self.error(
                name.span,
                format!("'{}' is not an allocatable array", name.name),
            );
            return None;
        }
        Some(id)
    }

    fn allocate(&mut self, items: &[ast::AllocItem]) -> Option<StmtKind> {
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            let Some(id) = self.allocatable(&item.name) else {
                continue;
            };
            let rank = self.sym(id).shape.rank() as usize;
            if item.dims.len() != rank {
                let msg = format!(
                    "'{}' has rank {rank} but {} bounds are given",
                    item.name.name,
                    item.dims.len()
                );
                self.error(item.span, msg);
                continue;
            }
            let mut bounds = Vec::with_capacity(rank);
            for dim in &item.dims {
                match dim {
                    DimSpec::Explicit { lower, upper } => {
                        let lo = match lower {
                            Some(l) => self.int_scalar(l, "an allocation bound", Type::Int8),
                            None => Some(Expr::constant(Value::Int(1), Type::Int8, upper.span)),
                        };
                        let hi = self.int_scalar(upper, "an allocation bound", Type::Int8);
                        if let (Some(lo), Some(hi)) = (lo, hi) {
                            bounds.push((lo, hi));
                        }
                    }
                    DimSpec::Deferred(s) => {
                        self.error(*s, "allocate needs explicit bounds, not ':'")
                    }
                }
            }
            if bounds.len() == rank {
                out.push((id, bounds, item.span));
            }
        }
        (out.len() == items.len()).then_some(StmtKind::Allocate(out))
    }

    fn deallocate(&mut self, names: &[ast::Ident]) -> Option<StmtKind> {
        let out: Vec<_> = names
            .iter()
            .filter_map(|n| self.allocatable(n).map(|id| (id, n.span)))
            .collect();
        (out.len() == names.len()).then_some(StmtKind::Deallocate(out))
    }
}
