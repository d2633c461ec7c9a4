//! Expressions: name resolution, typing, promotion, rank and conformance.

use super::Sema;
use crate::ast::{self, Arg, ExprKind as A, Literal};
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
    let converted = Expr {
        kind: ExprKind::Convert(Box::new(e)),
        ty,
        rank,
        span,
    };
    match super::fold(&converted) {
        Some(v) if rank == 0 => Expr::constant(v, ty, span),
        _ => converted,
    }
}

impl Sema {
    /// Type an expression; `None` after reporting an error.
    pub(super) fn expr(&mut self, e: &ast::Expr) -> Option<Expr> {
        let span = e.span;
        match &e.kind {
            A::Lit(lit) => self.literal(lit, span),
            A::Name(id) => self.name_ref(id, span),
            A::Apply { name, args } => self.apply(name, args, span),
            A::Constructor { ty, items } => self.constructor(ty.as_deref(), items, span),
            A::Unary(op, x) => self.unary(*op, x, span),
            A::Binary(op, l, r) => self.binary(*op, l, r, span),
            A::Paren(x) => {
                let mut inner = self.expr(x)?;
                inner.span = span;
                Some(inner)
            }
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
                    self.error(
                        span,
                        format!("integer literal {digits} is too large for {}", ty.name()),
                    );
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
                        self.error(
                            span,
                            format!("real literal {text} is out of range for {}", ty.name()),
                        );
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
                    _ => None,
                }
            }
        };
        match value {
            Some(4) if default != Type::Real8 => Some(default),
            Some(4) => Some(Type::Real4),
            Some(8) => Some(eight),
            _ => {
                self.error(
                    span,
                    format!("kind suffix _{kind} is not supported (supported: 4, 8)"),
                );
                None
            }
        }
    }

    fn name_ref(&mut self, id: &ast::Ident, span: Span) -> Option<Expr> {
        if self.lookup_quiet(&id.name).is_none() && super::intrinsics::is_intrinsic(&id.name) {
            self.error(
                span,
                format!("intrinsic '{}' needs an argument list", id.name),
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

    fn lookup_quiet(&self, name: &str) -> Option<crate::hir::SymbolId> {
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
            Some(sym)
                if !super::intrinsics::is_intrinsic(&name.name)
                    || self.sym(sym).parameter.is_some() =>
            {
                self.error(name.span, format!("'{}' is not an array", name.name));
                None
            }
            _ if super::intrinsics::is_intrinsic(&name.name) => {
                self.intrinsic_call(name, args, span)
            }
            _ => {
                self.error(
                    name.span,
                    format!("'{}' is neither an array nor a known function", name.name),
                );
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
            match self.subscript(arg) {
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

    fn subscript(&mut self, arg: &Arg) -> Option<Subscript> {
        match arg {
            Arg::Triplet { lo, hi, stride, .. } => {
                let part = |s: &mut Self, e: &Option<ast::Expr>| match e {
                    None => Some(None),
                    Some(e) => s.int_scalar(e, "a section bound", Type::Int8).map(Some),
                };
                let lo = part(self, lo);
                let hi = part(self, hi);
                let stride_e = part(self, stride);
                if let Some(Some(st)) = &stride_e {
                    if st.as_int() == Some(0) {
                        self.error(st.span, "section stride must not be zero");
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
                        format!("subscript must be an integer, found {}", describe(&h)),
                    );
                    return None;
                }
                match h.rank {
                    0 => Some(Subscript::Scalar(convert(h, Type::Int8))),
                    1 => Some(Subscript::Vector(h)),
                    r => {
                        self.error(
                            e.span,
                            format!("vector subscript must have rank 1, found rank {r}"),
                        );
                        None
                    }
                }
            }
            Arg::Keyword(k, _) => {
                self.error(
                    k.span,
                    format!("unexpected keyword '{}=' in a subscript list", k.name),
                );
                None
            }
        }
    }

    fn unary(&mut self, op: ast::UnaryOp, x: &ast::Expr, span: Span) -> Option<Expr> {
        let x = self.expr(x)?;
        let (op, ok) = match op {
            ast::UnaryOp::Plus => {
                if !x.ty.is_numeric() {
                    self.error(
                        span,
                        format!(
                            "operand of unary '+' must be numeric, found {}",
                            describe(&x)
                        ),
                    );
                    return None;
                }
                return Some(Expr { span, ..x });
            }
            ast::UnaryOp::Neg => (UnaryOp::Neg, x.ty.is_numeric()),
            ast::UnaryOp::Not => (UnaryOp::Not, x.ty == Type::Logical),
        };
        if !ok {
            let what = if op == UnaryOp::Neg {
                "unary '-' must be numeric"
            } else {
                ".not. must be logical"
            };
            self.error(span, format!("operand of {what}, found {}", describe(&x)));
            return None;
        }
        let (ty, rank) = (x.ty, x.rank);
        Some(fold_or(Expr {
            kind: ExprKind::Unary(op, Box::new(x)),
            ty,
            rank,
            span,
        }))
    }

    fn binary(
        &mut self,
        op: ast::BinaryOp,
        l: &ast::Expr,
        r: &ast::Expr,
        span: Span,
    ) -> Option<Expr> {
        let (l, r) = (self.expr(l), self.expr(r));
        let (l, r) = (l?, r?);
        let op = match lower_binop(op) {
            Some(op) => op,
            None => {
                self.error(span, "not supported yet: character concatenation (//)");
                return None;
            }
        };
        let rank = self.conform(&l, &r, op.symbol(), span)?;
        let (l, r, ty) = self.binary_types(op, l, r, span)?;
        Some(fold_or(Expr {
            kind: ExprKind::Binary(op, Box::new(l), Box::new(r)),
            ty,
            rank,
            span,
        }))
    }

    /// Check that two operands conform; the rank of the result.
    pub(super) fn conform(&mut self, l: &Expr, r: &Expr, what: &str, span: Span) -> Option<u8> {
        if l.rank > 0 && r.rank > 0 {
            if l.rank != r.rank {
                self.error(
                    span,
                    format!("operands of '{what}' have ranks {} and {}", l.rank, r.rank),
                );
                return None;
            }
            if let (Some(a), Some(b)) = (
                super::static_shape(&self.symbols, l),
                super::static_shape(&self.symbols, r),
            ) {
                if a != b {
                    let msg = format!(
                        "shapes of the operands of '{what}' do not conform: {} and {}",
                        shape_text(&a),
                        shape_text(&b)
                    );
                    self.error(span, msg);
                    return None;
                }
            }
        }
        Some(l.rank.max(r.rank))
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
            _ if !l.ty.is_numeric() || !r.ty.is_numeric() => {
                let hint = if op.is_comparison() && l.ty == Type::Logical && r.ty == Type::Logical {
                    " (use .eqv. / .neqv. to compare logical values)"
                } else {
                    ""
                };
                let msg = format!(
                    "operands of '{}' must be numeric, found {} and {}{hint}",
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
                        "an empty array constructor needs a type, like [integer ::]",
                    );
                    return None;
                }
                Err((a, b)) => {
                    let msg = format!(
                        "array constructor mixes {} and {} values",
                        a.name(),
                        b.name()
                    );
                    self.error(span, msg);
                    return None;
                }
            },
        };
        let items = self.convert_items(lowered, ty, span)?;
        Some(Expr {
            kind: ExprKind::Constructor(items),
            ty,
            rank: 1,
            span,
        })
    }

    fn convert_items(&mut self, items: Vec<AcItem>, ty: Type, span: Span) -> Option<Vec<AcItem>> {
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            out.push(match item {
                AcItem::Expr(e) => AcItem::Expr(self.convert_for_assign(e, ty, span)?),
                AcItem::ImpliedDo {
                    var,
                    start,
                    end,
                    step,
                    items,
                } => {
                    let items = self.convert_items(items, ty, span)?;
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
        let outer = self.lookup(&control.var)?;
        let ty = self.sym(outer).ty;
        if !ty.is_int()
            || self.sym(outer).shape != Shape::Scalar
            || self.sym(outer).parameter.is_some()
        {
            self.error(
                control.var.span,
                format!(
                    "implied-do variable '{}' must be an integer scalar variable",
                    control.var.name
                ),
            );
            return None;
        }
        let start = self.int_scalar(&control.start, "implied-do start", ty);
        let end = self.int_scalar(&control.end, "implied-do end", ty);
        let step = match &control.step {
            Some(s) => self.int_scalar(s, "implied-do step", ty).map(Some),
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
        let mut ok = true;
        for item in items {
            match self.ac_item(item) {
                Some(i) => lowered.push(i),
                None => ok = false,
            }
        }
        self.implied.pop();
        if let Some(Some(st)) = &step {
            if st.as_int() == Some(0) {
                self.error(st.span, "implied-do step must not be zero");
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

    /// Convert a value for assignment to a variable of type `ty`.
    pub(super) fn convert_for_assign(&mut self, e: Expr, ty: Type, span: Span) -> Option<Expr> {
        let ok = (e.ty.is_numeric() && ty.is_numeric()) || e.ty == ty;
        if !ok {
            self.error(
                span,
                format!(
                    "cannot assign a {} value to a {} variable",
                    e.ty.name(),
                    ty.name()
                ),
            );
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

/// Replace a scalar expression by its value when it folds.
fn fold_or(e: Expr) -> Expr {
    if e.rank == 0 {
        if let Some(v) = super::fold(&e) {
            return Expr::constant(v, e.ty, e.span);
        }
    }
    e
}

/// "real(4)" or "rank-2 real(4) array".
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
