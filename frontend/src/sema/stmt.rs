//! Statements: assignment, control flow, allocation, output.

use super::expr::{describe, shape_text, variable_kind, Dest};
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
                // The body is checked even when the condition is wrong.
                let c = self.condition(cond, "do while");
                let ok = c.is_some();
                let c =
                    c.unwrap_or_else(|| Expr::constant(Value::Logical(true), Type::Logical, span));
                let lowered = self.while_loop(label.as_ref(), c, body);
                ok.then_some(lowered)?
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
            S::Unsupported(skipped) => {
                self.unsupported(&skipped.what, span);
                return None;
            }
        };
        Some(Stmt { kind, span })
    }

    /// Reports an unsupported statement, unless it continues a construct
    /// already reported (`case` after `select case`).
    #[inline(never)]
    fn unsupported(&mut self, what: &str, span: Span) {
        let (construct, opens) = match what {
            "where" => ("where", true),
            "elsewhere" | "end where" => ("where", false),
            "forall" => ("forall", true),
            "end forall" => ("forall", false),
            "select" => ("select", true),
            "case" | "end select" => ("select", false),
            "critical" => ("critical", true),
            "end critical" => ("critical", false),
            _ => ("", true),
        };
        if !opens && self.reported_constructs.contains(construct) {
            return;
        }
        if !construct.is_empty() {
            self.reported_constructs.insert(construct);
        }
        self.error(span, unsupported_words(what));
    }

    #[inline(never)]
    fn assign(&mut self, lhs: &ast::Expr, rhs: &ast::Expr, span: Span) -> Option<StmtKind> {
        let target = self.assign_target(lhs);
        let value = self.typed(rhs);
        let (target, value) = (target?, value?);
        let name = match &lhs.kind {
            ast::ExprKind::Name(n) | ast::ExprKind::Apply { name: n, .. } => n.name.as_str(),
            _ => "",
        };
        let whole = matches!(lhs.kind, ast::ExprKind::Name(_));
        let what = match (whole, target.rank) {
            (true, 0) => format!("the scalar '{name}'"),
            (true, _) => format!("'{name}'"),
            (false, 0) => format!("an element of '{name}'"),
            (false, _) => format!("a section of '{name}'"),
        };
        if target.rank == 0 && value.e.rank > 0 {
            self.error(
                rhs.span,
                format!("cannot assign {} to {what}", describe(&value.e)),
            );
            return None;
        }
        if value.e.rank > 0 && value.e.rank != target.rank {
            let msg = format!(
                "cannot assign {} to {what}, which has rank {}",
                describe(&value.e),
                target.rank
            );
            self.error(span, msg);
            return None;
        }
        if let (Some(a), Some(b)) = (super::static_shape(&self.symbols, &target), &value.shape) {
            if a != *b {
                self.error(
                    span,
                    format!(
                        "shapes do not conform in assignment: {what} has shape {}, the value has shape {}",
                        shape_text(&a),
                        shape_text(b)
                    ),
                );
                return None;
            }
        }
        let dest = Dest::Assign(name, target.rank > 0);
        let value = self.convert_for_assign(value.e, target.ty, rhs.span, dest)?;
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
        if let Some(id) = self.lookup_quiet(&name.name) {
            if self.sym(id).parameter.is_some() {
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
                self.error(
                    lhs.span,
                    format!(
                        "cannot assign to '{}': it is a function, not a variable",
                        name.name
                    ),
                );
                None
            }
        }
    }

    #[inline(never)]
    fn print(&mut self, format: &FormatSpec, items: &[ast::Expr]) -> Option<StmtKind> {
        let format = match format {
            FormatSpec::List => Some(Format::List),
            FormatSpec::Expr(e) => match &e.kind {
                ast::ExprKind::Lit(ast::Literal::Str(s)) => Some(Format::Text(s.clone())),
                _ => {
                    self.error(
                        e.span,
                        "not supported yet: a format that is not a character constant, like '(i5)'",
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
                    "the condition of '{what}' must be a scalar logical, found {}",
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
                    let found = variable_kind(s);
                    self.error(
                        c.var.span,
                        format!(
                            "the do variable '{}' must be a scalar integer variable, found {found}",
                            c.var.name
                        ),
                    );
                }
                ok
            }
            None => false,
        };
        let ty = ty.filter(|t| t.is_int()).unwrap_or(Type::Int4);
        // With a bad variable, its bounds are only checked for other errors.
        let bound = |s: &mut Self, e: &ast::Expr, what: &str| {
            if var_ok {
                s.int_scalar(e, what, ty)
            } else {
                s.expr(e)
            }
        };
        let start = bound(self, &c.start, "the do start");
        let end = bound(self, &c.end, "the do end");
        let step = match &c.step {
            Some(s) => bound(self, s, "the do step").map(Some),
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

    #[inline(never)]
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
                let message = format!("'{what} {0}': no enclosing do loop is named '{0}'", n.name);
                let mut diagnostic = crate::diagnostic::Diagnostic::error(n.span, message);
                let names: Vec<String> = self
                    .loops
                    .iter()
                    .rev()
                    .filter_map(|l| l.name.as_ref().map(|name| format!("'{name}'")))
                    .collect();
                if !names.is_empty() {
                    diagnostic = diagnostic
                        .with_note(format!("the enclosing named loops: {}", names.join(", ")));
                }
                self.diags.push(diagnostic);
                None
            }
            (None, None) => {
                self.error(span, format!("'{what}' outside a do loop"));
                None
            }
        }
    }

    fn allocatable(&mut self, name: &ast::Ident, action: &str) -> Option<crate::hir::SymbolId> {
        let id = self.lookup(name)?;
        let symbol = self.sym(id);
        if !symbol.is_allocatable() {
            let why = if symbol.parameter.is_some() {
                "it is a named constant".to_string()
            } else if symbol.shape == Shape::Scalar {
                let scalar = format!("{} scalar", symbol.ty.name());
                format!("it is {}", super::expr::with_article(&scalar))
            } else {
                "it is not allocatable (its shape is explicit)".to_string()
            };
            self.error(name.span, format!("cannot {action} '{}': {why}", name.name));
            return None;
        }
        Some(id)
    }

    #[inline(never)]
    fn allocate(&mut self, items: &[ast::AllocItem]) -> Option<StmtKind> {
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            let Some(id) = self.allocatable(&item.name, "allocate") else {
                continue;
            };
            let rank = self.sym(id).shape.rank() as usize;
            if item.dims.len() != rank {
                let given = item.dims.len();
                let msg = format!(
                    "'{}' has rank {rank} but {given} bound{} given",
                    item.name.name,
                    if given == 1 { " is" } else { "s are" }
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
                    DimSpec::Deferred(s) => self.error(
                        *s,
                        format!(
                            "allocate needs the bounds of every dimension of '{}', not ':'",
                            item.name.name
                        ),
                    ),
                    // Reported by the parser.
                    DimSpec::Invalid(_) => {}
                }
            }
            if bounds.len() == rank {
                out.push((id, bounds, item.span));
            }
        }
        (out.len() == items.len()).then_some(StmtKind::Allocate(out))
    }

    #[inline(never)]
    fn deallocate(&mut self, names: &[ast::Ident]) -> Option<StmtKind> {
        let out: Vec<_> = names
            .iter()
            .filter_map(|n| self.allocatable(n, "deallocate").map(|id| (id, n.span)))
            .collect();
        (out.len() == names.len()).then_some(StmtKind::Deallocate(out))
    }
}

/// "not supported yet: ..." words for an unsupported statement's keyword.
fn unsupported_words(what: &str) -> String {
    let words = match what {
        "where" | "elsewhere" | "end where" => "'where' (masked array assignment)",
        "forall" | "end forall" => "'forall'",
        "select" | "case" | "end select" => "'select case'",
        "call" => "subroutine calls ('call')",
        "contains" => "internal procedures ('contains')",
        "function" | "end function" => "user-defined functions",
        "subroutine" | "end subroutine" => "subroutines",
        "module" | "submodule" | "end module" | "end submodule" => "modules",
        "use" => "modules ('use')",
        "block data" => "block data units",
        "read" => "input ('read')",
        "open" | "close" | "inquire" | "rewind" | "backspace" | "endfile" | "flush" | "wait" => {
            return format!("not supported yet: file input and output ('{what}')")
        }
        "goto" | "go" => "'go to'",
        "statement label" => "statement labels",
        "data" => "'data' statements",
        "common" => "common blocks",
        "equivalence" => "'equivalence'",
        "namelist" => "namelists",
        "interface" | "end interface" => "interface blocks",
        "type" | "end type" | "sequence" => "derived types",
        "class" => "polymorphic variables ('class')",
        "format" => "'format' statements (write the format as a character constant)",
        "return" => "'return'",
        "entry" => "'entry'",
        "block" | "end block" => "'block' constructs",
        "associate" | "end associate" => "'associate'",
        "critical" | "end critical" => "'critical'",
        "enum" | "end enum" => "enumerations",
        "external" => "'external'",
        "intrinsic" => "'intrinsic' statements",
        "save" => "'save' statements",
        "include" => "'include' lines",
        "nullify" => "pointers ('nullify')",
        "pure" | "elemental" | "impure" | "recursive" | "procedure" => {
            return format!("not supported yet: user-defined procedures ('{what}')")
        }
        "error" => "'error stop'",
        "complex" => "complex numbers",
        other => return format!("not supported yet: '{other}'"),
    };
    format!("not supported yet: {words}")
}
