//! Expressions: name resolution, typing, promotion, rank and conformance.

use super::Sema;
use crate::ast::{self, Arg, ExprKind as A, Literal};
use crate::diagnostic::Diagnostic;
use crate::hir::{
    AcItem, BinaryOp, Expr, ExprKind, Shape, Span, Subscript, Symbol, Type, UnaryOp, Value,
};

/// Order of the numeric types for promotion: the result of a mixed
/// operation has the larger rank.
fn numeric_rank(t: Type) -> u8 {
    match t {
        Type::Int4 => 0,
        Type::Int8 => 1,
        Type::Real4 => 2,
        Type::Real8 => 3,
        Type::Logical | Type::Char => 4,
    }
}

/// The common type of two numeric types.
pub(super) fn promote(a: Type, b: Type) -> Type {
    if numeric_rank(a) >= numeric_rank(b) {
        a
    } else {
        b
    }
}

/// Wrap `e` in a conversion to `ty` (folding constants) unless it already
/// has that type.
pub(super) fn convert(e: Expr, ty: Type) -> Expr {
    if e.ty == ty {
        return e;
    }
    let span = e.span;
    let rank = e.rank;
    fold_or(Expr {
        kind: ExprKind::Convert(Box::new(e)),
        ty,
        rank,
        span,
    })
}

/// Where a value goes, for the words of a type mismatch.
#[derive(Clone, Copy)]
pub(super) enum Dest<'a> {
    /// Assignment to the named variable (`true` for an array).
    Assign(&'a str, bool),
    /// Initialization of the named entity in its declaration.
    Init(&'a str),
    /// An item of an array constructor.
    Constructor,
}

/// A typed expression with its shape when known at compile time (kept
/// along so that operator chains need not walk their operands again).
pub(super) struct Typed {
    pub(super) e: Expr,
    pub(super) shape: Option<Vec<i64>>,
}

/// One step of [`Sema::expr`]'s walk.
enum Task<'a> {
    Visit(&'a ast::Expr),
    Unary(ast::UnaryOp, Span),
    Binary(ast::BinaryOp, Span),
    Paren(Span),
    /// A call, section or constructor whose operands are evaluated.
    Leaf(&'a ast::Expr),
    /// Keep the value on top for the [`Task::Leaf`] that needs it.
    Store(&'a ast::Expr),
}

/// The address of an AST node, the key of [`Sema::evaluated`].
pub(super) fn node_key(e: &ast::Expr) -> usize {
    std::ptr::from_ref(e) as usize
}

/// The operands of a call, section or constructor that can be evaluated
/// before it: every expression in its arguments, and the plain items of a
/// constructor (not those of an implied do, whose variable must be in
/// scope first).
fn operands(e: &ast::Expr) -> Vec<&ast::Expr> {
    let mut out = Vec::new();
    match &e.kind {
        A::Apply { args, .. } => {
            for arg in args {
                match arg {
                    Arg::Expr(x) | Arg::Keyword(_, x) => out.push(x),
                    Arg::Triplet { lo, hi, stride, .. } => {
                        out.extend(lo.iter().chain(hi).chain(stride));
                    }
                }
            }
        }
        A::Constructor { items, .. } => {
            for item in items {
                if let ast::AcItem::Expr(x) = item {
                    out.push(x);
                }
            }
        }
        _ => {}
    }
    out
}

impl Sema {
    /// Type an expression; `None` after reporting an error.
    ///
    /// Operators and parentheses are walked with an explicit stack, so a
    /// long chain (`1 + 1 + ... + 1`, `- - x`, `a**b**c...`) needs no native
    /// stack: only brackets (calls, sections, constructors) recurse, and
    /// the lexer bounds their nesting.
    pub(super) fn expr(&mut self, e: &ast::Expr) -> Option<Expr> {
        self.typed(e).map(|t| t.e)
    }

    /// [`Sema::expr`] with the compile-time shape.
    ///
    /// Calls, sections and constructors are checked after their operands,
    /// which the same walk evaluates first and keeps in
    /// [`Sema::evaluated`]: when the call then asks for an operand, it
    /// finds it there instead of recursing.
    pub(super) fn typed(&mut self, e: &ast::Expr) -> Option<Typed> {
        if let Some(done) = self.evaluated.remove(&node_key(e)) {
            return done;
        }
        let mut tasks = vec![Task::Visit(e)];
        let mut values: Vec<Option<Typed>> = Vec::new();
        while let Some(task) = tasks.pop() {
            match task {
                Task::Visit(e) => match &e.kind {
                    A::Unary(op, x) => {
                        tasks.push(Task::Unary(*op, e.span));
                        tasks.push(Task::Visit(x));
                    }
                    A::Binary(op, l, r) => {
                        tasks.push(Task::Binary(*op, e.span));
                        tasks.push(Task::Visit(r));
                        tasks.push(Task::Visit(l));
                    }
                    A::Paren(x) => {
                        tasks.push(Task::Paren(e.span));
                        tasks.push(Task::Visit(x));
                    }
                    A::Apply { .. } | A::Constructor { .. } => {
                        tasks.push(Task::Leaf(e));
                        for x in operands(e).into_iter().rev() {
                            tasks.push(Task::Store(x));
                            tasks.push(Task::Visit(x));
                        }
                    }
                    _ => tasks.push(Task::Leaf(e)),
                },
                Task::Leaf(e) => {
                    let leaf = self.leaf(e).map(|h| {
                        let shape = super::static_shape(&self.symbols, &h);
                        Typed { e: h, shape }
                    });
                    values.push(leaf);
                }
                Task::Store(x) => {
                    let value = values.pop().flatten();
                    self.evaluated.insert(node_key(x), value);
                }
                Task::Unary(op, span) => {
                    let x = values.pop().flatten();
                    values.push(x.and_then(|x| self.unary(op, x, span)));
                }
                Task::Binary(op, span) => {
                    let r = values.pop().flatten();
                    let l = values.pop().flatten();
                    values.push(match (l, r) {
                        (Some(l), Some(r)) => self.binary(op, l, r, span),
                        _ => None,
                    });
                }
                Task::Paren(span) => {
                    let x = values.pop().flatten();
                    values.push(x.map(|mut x| {
                        x.e.span = span;
                        x
                    }));
                }
            }
        }
        values.pop().flatten()
    }

    /// An expression that is not an operator or parentheses.
    fn leaf(&mut self, e: &ast::Expr) -> Option<Expr> {
        let span = e.span;
        match &e.kind {
            A::Lit(lit) => self.literal(lit, span),
            A::Name(id) => self.name_ref(id, span),
            A::Apply { name, args } => self.apply(name, args, span),
            A::Constructor { ty, items } => self.constructor(ty.as_deref(), items, span),
            A::Unary(..) | A::Binary(..) | A::Paren(_) => self.expr(e),
        }
    }

    /// Type an expression that must be a scalar integer; converted to `ty`.
    pub(super) fn int_scalar(&mut self, e: &ast::Expr, what: &str, ty: Type) -> Option<Expr> {
        let h = self.expr(e)?;
        if !h.ty.is_int() || h.rank != 0 {
            let found = describe(&h);
            self.error(
                e.span,
                format!("{what} must be a scalar integer, found {found}"),
            );
            return None;
        }
        Some(convert(h, ty))
    }

    fn literal(&mut self, lit: &Literal, span: Span) -> Option<Expr> {
        match lit {
            Literal::Int { digits, kind } => {
                let ty = self.literal_kind(kind.as_deref(), Type::Int4, Type::Int8, span)?;
                let value: Option<i64> = digits.parse().ok();
                let fits = match (value, ty) {
                    (Some(v), Type::Int4) => i32::try_from(v).is_ok(),
                    (Some(_), _) => true,
                    (None, _) => false,
                };
                if !fits {
                    let message = format!(
                        "integer literal {digits} is too large for {} (the largest is {})",
                        ty.name(),
                        if ty == Type::Int4 {
                            i64::from(i32::MAX)
                        } else {
                            i64::MAX
                        }
                    );
                    let mut diagnostic = Diagnostic::error(span, message);
                    if ty == Type::Int4 && value.is_some() {
                        diagnostic = diagnostic
                            .with_note(format!("write {digits}_8 for an integer(8) literal"));
                    }
                    self.diags.push(diagnostic);
                    return None;
                }
                Some(Expr::constant(Value::Int(value.unwrap_or(0)), ty, span))
            }
            Literal::Real { text, double, kind } => {
                let default = if *double { Type::Real8 } else { Type::Real4 };
                let ty = self.literal_kind(kind.as_deref(), default, Type::Real8, span)?;
                if *double && kind.is_some() {
                    self.error(
                        span,
                        "a real literal with a 'd' exponent cannot have a kind suffix",
                    );
                    return None;
                }
                let value = if ty == Type::Real4 {
                    text.parse::<f32>().ok().map(f64::from)
                } else {
                    text.parse::<f64>().ok()
                };
                match value {
                    Some(v) if v.is_finite() => Some(Expr::constant(Value::Real(v), ty, span)),
                    _ => {
                        let mut diagnostic = Diagnostic::error(
                            span,
                            format!("real literal {text} is out of range for {}", ty.name()),
                        );
                        let fits_double = text.parse::<f64>().is_ok_and(f64::is_finite);
                        if ty == Type::Real4 && fits_double {
                            diagnostic = diagnostic.with_note(format!(
                                "write {} for a real(8) literal",
                                text.replacen('e', "d", 1)
                                    + if text.contains('e') { "" } else { "d0" }
                            ));
                        }
                        self.diags.push(diagnostic);
                        None
                    }
                }
            }
            Literal::Logical(b) => Some(Expr::constant(Value::Logical(*b), Type::Logical, span)),
            Literal::Str(s) => Some(Expr {
                kind: ExprKind::Str(s.clone()),
                ty: Type::Char,
                rank: 0,
                span,
            }),
        }
    }

    /// The type selected by a literal's `_kind` suffix.
    fn literal_kind(
        &mut self,
        kind: Option<&str>,
        default: Type,
        eight: Type,
        span: Span,
    ) -> Option<Type> {
        let Some(kind) = kind else {
            return Some(default);
        };
        let value = match kind.parse::<i64>() {
            Ok(v) => Some(v),
            Err(_) => {
                let id = ast::Ident {
                    name: kind.to_lowercase(),
                    span,
                };
                let sym = self.lookup(&id)?;
                match self.sym(sym).parameter {
                    Some(Value::Int(v)) => Some(v),
                    _ => {
                        self.error(
                            span,
                            format!("the kind suffix _{kind} must name an integer constant"),
                        );
                        return None;
                    }
                }
            }
        };
        match value {
            Some(4) if default != Type::Real8 => Some(default),
            Some(4) => Some(Type::Real4),
            Some(8) => Some(eight),
            _ => {
                let shown = value.map_or_else(|| kind.to_string(), |v| v.to_string());
                self.error(
                    span,
                    format!("kind {shown} is not supported for a literal (supported: 4, 8)"),
                );
                None
            }
        }
    }

    fn name_ref(&mut self, id: &ast::Ident, span: Span) -> Option<Expr> {
        if self.lookup_quiet(&id.name).is_none() && super::intrinsics::is_intrinsic(&id.name) {
            self.error(
                span,
                format!(
                    "the intrinsic '{0}' needs an argument list, like '{0}(x)'",
                    id.name
                ),
            );
            return None;
        }
        let sym = self.lookup(id)?;
        let s = self.sym(sym);
        if let Some(v) = s.parameter {
            return Some(Expr::constant(v, s.ty, span));
        }
        Some(Expr {
            kind: ExprKind::Var(sym),
            ty: s.ty,
            rank: s.shape.rank(),
            span,
        })
    }

    pub(super) fn lookup_quiet(&self, name: &str) -> Option<crate::hir::SymbolId> {
        self.implied
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, id)| *id)
            .or_else(|| self.scope.get(name).copied())
    }

    fn apply(&mut self, name: &ast::Ident, args: &[Arg], span: Span) -> Option<Expr> {
        match self.lookup_quiet(&name.name) {
            Some(sym) if self.sym(sym).shape != Shape::Scalar => {
                self.section(sym, name, args, span)
            }
            Some(sym) if self.sym(sym).parameter.is_some() => {
                self.error(
                    name.span,
                    format!(
                        "'{}' is a named constant, not an array or a function",
                        name.name
                    ),
                );
                None
            }
            Some(_) if !super::intrinsics::is_intrinsic(&name.name) => {
                self.error(
                    name.span,
                    format!("'{}' is a scalar, not an array or a function", name.name),
                );
                None
            }
            _ if super::intrinsics::is_intrinsic(&name.name) => {
                self.intrinsic_call(name, args, span)
            }
            // Defined by skipped text (a procedure after `contains`) or
            // already reported.
            _ if self.poisoned.contains(&name.name) => None,
            _ if !self.trust_undeclared => None,
            _ => {
                let message = format!(
                    "'{}' is not an array or a known intrinsic function",
                    name.name
                );
                let mut diagnostic = Diagnostic::error(name.span, message);
                if let Some(near) = self.similar_name(&name.name) {
                    diagnostic = diagnostic.with_note(format!("did you mean '{near}'?"));
                }
                self.diags.push(diagnostic);
                self.poisoned.insert(name.name.clone());
                None
            }
        }
    }

    fn section(
        &mut self,
        sym: crate::hir::SymbolId,
        name: &ast::Ident,
        args: &[Arg],
        span: Span,
    ) -> Option<Expr> {
        let symbol: &Symbol = self.sym(sym);
        let (rank, ty) = (symbol.shape.rank(), symbol.ty);
        if args.len() != rank as usize {
            let msg = format!(
                "'{}' has rank {rank} but is referenced with {} subscript{}",
                name.name,
                args.len(),
                if args.len() == 1 { "" } else { "s" }
            );
            self.error(span, msg);
            return None;
        }
        let mut subs = Vec::with_capacity(args.len());
        let mut result_rank = 0;
        let mut ok = true;
        for arg in args {
            match self.subscript(name, arg) {
                Some(s) => {
                    if !matches!(s, Subscript::Scalar(_)) {
                        result_rank += 1;
                    }
                    subs.push(s);
                }
                None => ok = false,
            }
        }
        ok.then(|| Expr {
            kind: ExprKind::Section { array: sym, subs },
            ty,
            rank: result_rank,
            span,
        })
    }

    fn subscript(&mut self, array: &ast::Ident, arg: &Arg) -> Option<Subscript> {
        match arg {
            Arg::Triplet { lo, hi, stride, .. } => {
                let part = |s: &mut Self, e: &Option<ast::Expr>, what: &str| match e {
                    None => Some(None),
                    Some(e) => s.int_scalar(e, what, Type::Int8).map(Some),
                };
                let lo = part(self, lo, "a section bound");
                let hi = part(self, hi, "a section bound");
                let stride_e = part(self, stride, "a section stride");
                if let Some(Some(st)) = &stride_e {
                    if st.as_int() == Some(0) {
                        self.error(
                            st.span,
                            format!(
                                "the stride of a section of '{}' must not be zero",
                                array.name
                            ),
                        );
                        return None;
                    }
                }
                Some(Subscript::Triplet {
                    lo: lo?,
                    hi: hi?,
                    stride: stride_e?,
                })
            }
            Arg::Expr(e) => {
                let h = self.expr(e)?;
                if !h.ty.is_int() {
                    self.error(
                        e.span,
                        format!(
                            "a subscript of '{}' must be an integer, found {}",
                            array.name,
                            describe(&h)
                        ),
                    );
                    return None;
                }
                match h.rank {
                    0 => Some(Subscript::Scalar(convert(h, Type::Int8))),
                    1 => Some(Subscript::Vector(h)),
                    _ => {
                        self.error(
                            e.span,
                            format!(
                                "a vector subscript of '{}' must have rank 1, found {}",
                                array.name,
                                describe(&h)
                            ),
                        );
                        None
                    }
                }
            }
            Arg::Keyword(k, _) => {
                self.error(
                    k.span,
                    format!(
                        "unexpected keyword '{}=' in a subscript of '{}'",
                        k.name, array.name
                    ),
                );
                None
            }
        }
    }

    fn unary(&mut self, op: ast::UnaryOp, x: Typed, span: Span) -> Option<Typed> {
        let (op, ok, what) = match op {
            ast::UnaryOp::Plus => (None, x.e.ty.is_numeric(), "unary '+' must be numeric"),
            ast::UnaryOp::Neg => (
                Some(UnaryOp::Neg),
                x.e.ty.is_numeric(),
                "unary '-' must be numeric",
            ),
            ast::UnaryOp::Not => (
                Some(UnaryOp::Not),
                x.e.ty == Type::Logical,
                "'.not.' must be logical",
            ),
        };
        if !ok {
            self.error(
                span,
                format!("the operand of {what}, found {}", describe(&x.e)),
            );
            return None;
        }
        let Typed { e: mut x, shape } = x;
        let Some(op) = op else {
            x.span = span;
            return Some(Typed { e: x, shape });
        };
        let (ty, rank) = (x.ty, x.rank);
        let e = fold_or(Expr {
            kind: ExprKind::Unary(op, Box::new(x)),
            ty,
            rank,
            span,
        });
        Some(Typed { e, shape })
    }

    fn binary(&mut self, op: ast::BinaryOp, l: Typed, r: Typed, span: Span) -> Option<Typed> {
        let op = match lower_binop(op) {
            Some(op) => op,
            None => {
                self.error(span, "not supported yet: character concatenation ('//')");
                return None;
            }
        };
        let what = format!("operands of '{}'", op.symbol());
        let (rank, shape) = self.conform_shapes(&l, &r, &what, span)?;
        let (l, r, ty) = self.binary_types(op, l.e, r.e, span)?;
        let e = fold_or(Expr {
            kind: ExprKind::Binary(op, Box::new(l), Box::new(r)),
            ty,
            rank,
            span,
        });
        Some(Typed { e, shape })
    }

    /// Check that two operands conform; the rank of the result.
    pub(super) fn conform(&mut self, l: &Expr, r: &Expr, what: &str, span: Span) -> Option<u8> {
        let ls = super::static_shape(&self.symbols, l);
        let rs = super::static_shape(&self.symbols, r);
        self.conform_parts((l, &ls), (r, &rs), what, span)
            .map(|(rank, _)| rank)
    }

    /// Check that two operands (`what`: "operands of '+'") conform; the
    /// rank and compile-time shape of the result.
    fn conform_shapes(
        &mut self,
        l: &Typed,
        r: &Typed,
        what: &str,
        span: Span,
    ) -> Option<(u8, Option<Vec<i64>>)> {
        self.conform_parts((&l.e, &l.shape), (&r.e, &r.shape), what, span)
    }

    /// [`Sema::conform_shapes`] on borrowed parts.
    fn conform_parts(
        &mut self,
        (l, l_shape): (&Expr, &Option<Vec<i64>>),
        (r, r_shape): (&Expr, &Option<Vec<i64>>),
        what: &str,
        span: Span,
    ) -> Option<(u8, Option<Vec<i64>>)> {
        if l.rank > 0 && r.rank > 0 {
            if l.rank != r.rank {
                self.error(
                    span,
                    format!(
                        "{what} have different ranks: {} and {}",
                        describe(l),
                        describe(r)
                    ),
                );
                return None;
            }
            if let (Some(a), Some(b)) = (l_shape, r_shape) {
                if a != b {
                    let msg = format!(
                        "{what} have different shapes: {} and {}",
                        shape_text(a),
                        shape_text(b)
                    );
                    self.error(span, msg);
                    return None;
                }
            }
        }
        let shape = if l.rank > 0 {
            l_shape.clone().or_else(|| r_shape.clone())
        } else {
            r_shape.clone()
        };
        Some((l.rank.max(r.rank), shape))
    }

    fn binary_types(
        &mut self,
        op: BinaryOp,
        l: Expr,
        r: Expr,
        span: Span,
    ) -> Option<(Expr, Expr, Type)> {
        use BinaryOp::*;
        match op {
            And | Or | Eqv | Neqv => {
                if l.ty != Type::Logical || r.ty != Type::Logical {
                    let msg = format!(
                        "operands of '{}' must be logical, found {} and {}",
                        op.symbol(),
                        l.ty.name(),
                        r.ty.name()
                    );
                    self.error(span, msg);
                    return None;
                }
                Some((l, r, Type::Logical))
            }
            Eq | Ne if l.ty == Type::Logical && r.ty == Type::Logical => {
                let instead = if op == Eq { ".eqv." } else { ".neqv." };
                let msg = format!(
                    "logical values cannot be compared with '{}', use '{instead}'",
                    op.symbol()
                );
                self.error(span, msg);
                None
            }
            _ if op.is_comparison() && l.ty == Type::Char && r.ty == Type::Char => {
                self.error(span, "not supported yet: comparing character values");
                None
            }
            _ if !l.ty.is_numeric() || !r.ty.is_numeric() => {
                let msg = format!(
                    "operands of '{}' must be numeric, found {} and {}",
                    op.symbol(),
                    l.ty.name(),
                    r.ty.name()
                );
                self.error(span, msg);
                None
            }
            Pow if l.ty.is_real() && r.ty.is_int() => {
                let ty = l.ty;
                Some((l, r, ty))
            }
            _ => {
                let common = promote(l.ty, r.ty);
                let ty = if op.is_comparison() {
                    Type::Logical
                } else {
                    common
                };
                Some((convert(l, common), convert(r, common), ty))
            }
        }
    }

    fn constructor(
        &mut self,
        spec: Option<&ast::TypeSpec>,
        items: &[ast::AcItem],
        span: Span,
    ) -> Option<Expr> {
        let declared = match spec {
            Some(s) => Some(self.type_spec_public(s)?),
            None => None,
        };
        let mut lowered = Vec::new();
        let mut ok = true;
        for item in items {
            match self.ac_item(item) {
                Some(i) => lowered.push(i),
                None => ok = false,
            }
        }
        if !ok {
            return None;
        }
        let ty = match declared {
            Some(t) => t,
            None => match element_type(&lowered) {
                Ok(Some(t)) => t,
                Ok(None) => {
                    self.error(
                        span,
                        "an empty array constructor needs a type, like '[integer ::]'",
                    );
                    return None;
                }
                Err((a, b)) => {
                    let msg = format!(
                        "an array constructor cannot mix {} and {} values",
                        a.name(),
                        b.name()
                    );
                    self.error(span, msg);
                    return None;
                }
            },
        };
        let items = self.convert_items(lowered, ty)?;
        Some(Expr {
            kind: ExprKind::Constructor(items),
            ty,
            rank: 1,
            span,
        })
    }

    fn convert_items(&mut self, items: Vec<AcItem>, ty: Type) -> Option<Vec<AcItem>> {
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            out.push(match item {
                AcItem::Expr(e) => {
                    let span = e.span;
                    AcItem::Expr(self.convert_for_assign(e, ty, span, Dest::Constructor)?)
                }
                AcItem::ImpliedDo {
                    var,
                    start,
                    end,
                    step,
                    items,
                } => {
                    let items = self.convert_items(items, ty)?;
                    AcItem::ImpliedDo {
                        var,
                        start,
                        end,
                        step,
                        items,
                    }
                }
            });
        }
        Some(out)
    }

    fn ac_item(&mut self, item: &ast::AcItem) -> Option<AcItem> {
        match item {
            ast::AcItem::Expr(e) => {
                let h = self.expr(e)?;
                if h.ty == Type::Char {
                    self.error(e.span, "not supported yet: character array constructors");
                    return None;
                }
                Some(AcItem::Expr(h))
            }
            ast::AcItem::ImpliedDo { items, control, .. } => self.implied_do(items, control),
        }
    }

    fn implied_do(&mut self, items: &[ast::AcItem], control: &ast::DoControl) -> Option<AcItem> {
        if self.implied.len() >= super::MAX_IMPLIED_DO {
            self.error(
                control.var.span,
                format!(
                    "implied-do loops nested too deeply (more than {} levels)",
                    super::MAX_IMPLIED_DO
                ),
            );
            return None;
        }
        let outer = self.lookup(&control.var);
        let var_ok = match outer {
            Some(outer) => {
                let s = self.sym(outer);
                let ok = s.ty.is_int() && s.shape == Shape::Scalar && s.parameter.is_none();
                if !ok {
                    let found = variable_kind(s);
                    self.error(
                        control.var.span,
                        format!(
                            "the implied-do variable '{}' must be a scalar integer variable, found {found}",
                            control.var.name
                        ),
                    );
                }
                ok
            }
            None => false,
        };
        let ty = outer
            .map(|v| self.sym(v).ty)
            .filter(|t| t.is_int())
            .unwrap_or(Type::Int4);
        let start = self.int_scalar(&control.start, "the implied-do start", ty);
        let end = self.int_scalar(&control.end, "the implied-do end", ty);
        let step = match &control.step {
            Some(s) => self.int_scalar(s, "the implied-do step", ty).map(Some),
            None => Some(None),
        };
        let var = self.add_symbol(Symbol {
            name: control.var.name.clone(),
            ty,
            shape: Shape::Scalar,
            parameter: None,
            init: None,
            span: control.var.span,
        });
        self.implied.push((control.var.name.clone(), var));
        let mut lowered = Vec::new();
        let mut ok = var_ok;
        for item in items {
            match self.ac_item(item) {
                Some(i) => lowered.push(i),
                None => ok = false,
            }
        }
        self.implied.pop();
        if let Some(Some(st)) = &step {
            if st.as_int() == Some(0) {
                self.error(st.span, "the step of an implied do must not be zero");
                return None;
            }
        }
        let (start, end, step) = (start?, end?, step?);
        ok.then_some(AcItem::ImpliedDo {
            var,
            start,
            end,
            step,
            items: lowered,
        })
    }

    /// Convert a value for assignment to `dest` of type `ty`.
    pub(super) fn convert_for_assign(
        &mut self,
        e: Expr,
        ty: Type,
        span: Span,
        dest: Dest<'_>,
    ) -> Option<Expr> {
        let ok = (e.ty.is_numeric() && ty.is_numeric()) || e.ty == ty;
        if !ok {
            let (found, ty_name) = (e.ty.name(), ty.name());
            let message = match dest {
                Dest::Assign(name, array) => {
                    let what = if array { "array" } else { "variable" };
                    format!("cannot assign a {found} value to the {ty_name} {what} '{name}'")
                }
                Dest::Init(name) => {
                    format!("cannot initialize the {ty_name} '{name}' with a {found} value")
                }
                Dest::Constructor => {
                    format!("a {found} value cannot be an item of a {ty_name} array constructor")
                }
            };
            self.error(span, message.replace(" a integer", " an integer"));
            return None;
        }
        Some(convert(e, ty))
    }

    pub(super) fn type_spec_public(&mut self, spec: &ast::TypeSpec) -> Option<Type> {
        let t = self.type_spec_of(spec);
        if t == Some(Type::Char) {
            self.error(spec.span, "not supported yet: character array constructors");
            return None;
        }
        t
    }
}

/// "an integer(4) array", "a named constant", "real(4)": what a name that
/// should be a scalar integer variable is.
pub(super) fn variable_kind(s: &Symbol) -> String {
    if s.parameter.is_some() {
        "a named constant".to_string()
    } else if s.shape != Shape::Scalar {
        format!("a rank-{} {} array", s.shape.rank(), s.ty.name())
    } else {
        s.ty.name().to_string()
    }
}

/// The common element type of constructor items: `Err` when they mix
/// logical with numeric values.
fn element_type(items: &[AcItem]) -> Result<Option<Type>, (Type, Type)> {
    let mut ty: Option<Type> = None;
    for item in items {
        let t = match item {
            AcItem::Expr(e) => Some(e.ty),
            AcItem::ImpliedDo { items, .. } => element_type(items)?,
        };
        if let Some(t) = t {
            ty = Some(match ty {
                None => t,
                Some(prev) if prev == t => t,
                Some(prev) if prev.is_numeric() && t.is_numeric() => promote(prev, t),
                Some(prev) => return Err((prev, t)),
            });
        }
    }
    Ok(ty)
}

fn lower_binop(op: ast::BinaryOp) -> Option<BinaryOp> {
    use ast::BinaryOp as B;
    Some(match op {
        B::Add => BinaryOp::Add,
        B::Sub => BinaryOp::Sub,
        B::Mul => BinaryOp::Mul,
        B::Div => BinaryOp::Div,
        B::Pow => BinaryOp::Pow,
        B::Eq => BinaryOp::Eq,
        B::Ne => BinaryOp::Ne,
        B::Lt => BinaryOp::Lt,
        B::Le => BinaryOp::Le,
        B::Gt => BinaryOp::Gt,
        B::Ge => BinaryOp::Ge,
        B::And => BinaryOp::And,
        B::Or => BinaryOp::Or,
        B::Eqv => BinaryOp::Eqv,
        B::Neqv => BinaryOp::Neqv,
        B::Concat => return None,
    })
}

/// Replace a scalar expression by its value when its operands are
/// constants. Sema folds bottom-up as it builds, so looking at the
/// operands only is enough (and keeps every step O(1), whatever the
/// depth of the tree).
pub(super) fn fold_or(e: Expr) -> Expr {
    let operands_constant = match &e.kind {
        ExprKind::Unary(_, x) | ExprKind::Convert(x) => x.as_const().is_some(),
        ExprKind::Binary(_, l, r) => l.as_const().is_some() && r.as_const().is_some(),
        ExprKind::Intrinsic(_, args) => args.iter().all(|a| a.as_const().is_some()),
        _ => false,
    };
    if e.rank == 0 && operands_constant {
        if let Some(v) = super::fold(&e) {
            return Expr::constant(v, e.ty, e.span);
        }
    }
    e
}

/// `text` after "a" or "an", as English wants.
pub(super) fn with_article(text: &str) -> String {
    let article = if text.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {text}")
}

/// "real(4)" or "a rank-2 real(4) array".
pub(super) fn describe(e: &Expr) -> String {
    if e.rank == 0 {
        e.ty.name().to_string()
    } else {
        format!("a rank-{} {} array", e.rank, e.ty.name())
    }
}

/// `(10, 3)`
pub(super) fn shape_text(shape: &[i64]) -> String {
    let parts: Vec<String> = shape.iter().map(|e| e.to_string()).collect();
    format!("({})", parts.join(", "))
}
