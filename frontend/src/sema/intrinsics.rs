//! Intrinsic function calls: argument checking, result types, kinds.

use super::expr::{convert, describe, fold_or, promote};
use super::Sema;
use crate::ast::{self, Arg};
use crate::hir::{Expr, ExprKind, Inquiry, Intrinsic, Span, Type, Value};

/// Intrinsics that fscal knows, elemental ones and inquiries.
const ELEMENTAL: &[(&str, Intrinsic)] = &[
    ("abs", Intrinsic::Abs),
    ("sqrt", Intrinsic::Sqrt),
    ("exp", Intrinsic::Exp),
    ("log", Intrinsic::Log),
    ("log10", Intrinsic::Log10),
    ("sin", Intrinsic::Sin),
    ("cos", Intrinsic::Cos),
    ("tan", Intrinsic::Tan),
    ("atan", Intrinsic::Atan),
    ("atan2", Intrinsic::Atan2),
    ("max", Intrinsic::Max),
    ("min", Intrinsic::Min),
    ("mod", Intrinsic::Mod),
    ("modulo", Intrinsic::Modulo),
    ("sign", Intrinsic::Sign),
    ("int", Intrinsic::Int),
    ("nint", Intrinsic::Nint),
    ("floor", Intrinsic::Floor),
    ("ceiling", Intrinsic::Ceiling),
    ("real", Intrinsic::Real),
    ("dble", Intrinsic::Real),
    ("merge", Intrinsic::Merge),
];

const INQUIRY: &[(&str, Inquiry)] = &[
    ("size", Inquiry::Size),
    ("lbound", Inquiry::Lbound),
    ("ubound", Inquiry::Ubound),
    ("shape", Inquiry::Shape),
];

/// Intrinsics that real kernels use but fscal does not support yet.
const UNSUPPORTED: &[&str] = &[
    "sum",
    "product",
    "maxval",
    "minval",
    "count",
    "any",
    "all",
    "dot_product",
    "matmul",
    "transpose",
    "spread",
    "cshift",
    "eoshift",
    "reshape",
    "pack",
    "unpack",
    "maxloc",
    "minloc",
    "allocated",
    "cmplx",
    "aimag",
    "conjg",
];

/// True when `name` is an intrinsic function name fscal recognises.
pub(super) fn is_intrinsic(name: &str) -> bool {
    ELEMENTAL.iter().any(|(n, _)| *n == name)
        || INQUIRY.iter().any(|(n, _)| *n == name)
        || UNSUPPORTED.contains(&name)
}

/// The intrinsics fscal supports, for "did you mean" notes.
pub(super) fn names() -> impl Iterator<Item = &'static str> {
    ELEMENTAL
        .iter()
        .map(|(n, _)| *n)
        .chain(INQUIRY.iter().map(|(n, _)| *n))
}

/// Arguments split into positional ones and `kind=` / `dim=`.
struct Args {
    positional: Vec<Expr>,
    /// The kind and where it was written (the `kind=` keyword if any).
    kind: Option<(Expr, Span)>,
    /// The dim and where it was written (the `dim=` keyword if any).
    dim: Option<(Expr, Span)>,
}

impl Sema {
    pub(super) fn intrinsic_call(
        &mut self,
        name: &ast::Ident,
        args: &[Arg],
        span: Span,
    ) -> Option<Expr> {
        if UNSUPPORTED.contains(&name.name.as_str()) {
            self.error(
                name.span,
                format!("not supported yet: the intrinsic '{}'", name.name),
            );
            return None;
        }
        let args = self.intrinsic_args(name, args)?;
        if let Some((_, which)) = INQUIRY.iter().find(|(n, _)| *n == name.name) {
            return self.inquiry(*which, name, args, span);
        }
        let (_, f) = ELEMENTAL.iter().find(|(n, _)| *n == name.name).copied()?;
        if let Some((_, at)) = &args.dim {
            self.error(*at, format!("'{}' has no dim= argument", name.name));
            return None;
        }
        self.elemental(f, name, args, span).map(fold_or)
    }

    fn intrinsic_args(&mut self, name: &ast::Ident, args: &[Arg]) -> Option<Args> {
        let mut out = Args {
            positional: Vec::new(),
            kind: None,
            dim: None,
        };
        let mut ok = true;
        for arg in args {
            match arg {
                Arg::Expr(e) => match self.expr(e) {
                    Some(h) => out.positional.push(h),
                    None => ok = false,
                },
                Arg::Keyword(k, e) if k.name == "kind" => match self.expr(e) {
                    Some(h) => out.kind = Some((h, k.span.to(e.span))),
                    None => ok = false,
                },
                Arg::Keyword(k, e) if k.name == "dim" => {
                    let what = format!("the dim argument of '{}'", name.name);
                    match self.int_scalar(e, &what, Type::Int4) {
                        Some(h) => out.dim = Some((h, k.span.to(e.span))),
                        None => ok = false,
                    }
                }
                Arg::Keyword(k, _) => {
                    self.error(
                        k.span,
                        format!("'{}' has no argument named '{}='", name.name, k.name),
                    );
                    ok = false;
                }
                Arg::Triplet { span, .. } => {
                    self.error(
                        *span,
                        format!("a section triplet is not an argument of '{}'", name.name),
                    );
                    ok = false;
                }
            }
        }
        ok.then_some(out)
    }

    fn inquiry(
        &mut self,
        which: Inquiry,
        name: &ast::Ident,
        mut args: Args,
        span: Span,
    ) -> Option<Expr> {
        // size(a, 1) and lbound(a, 1) take dim positionally too.
        if args.dim.is_none() && args.positional.len() == 2 && which != Inquiry::Shape {
            let d = args.positional.pop()?;
            if !d.ty.is_int() || d.rank != 0 {
                self.error(
                    d.span,
                    format!(
                        "the dim argument of '{}' must be a scalar integer, found {}",
                        name.name,
                        describe(&d)
                    ),
                );
                return None;
            }
            let at = d.span;
            args.dim = Some((convert(d, Type::Int4), at));
        }
        if args.positional.len() != 1 {
            let n = args.positional.len();
            let max = if which == Inquiry::Shape {
                ""
            } else {
                " and a dim"
            };
            self.error(
                span,
                format!(
                    "'{}' takes one array argument{max}, found {n} argument{}",
                    name.name,
                    if n == 1 { "" } else { "s" }
                ),
            );
            return None;
        }
        let arg = args.positional.pop()?;
        if arg.rank == 0 {
            self.error(
                arg.span,
                format!(
                    "the argument of '{}' must be an array, found {}",
                    name.name,
                    describe(&arg)
                ),
            );
            return None;
        }
        if let (Inquiry::Shape, Some((_, at))) = (which, &args.dim) {
            self.error(*at, "'shape' has no dim= argument");
            return None;
        }
        if let Some((d, at)) = &args.dim {
            if let Some(d) = d.as_int().filter(|d| *d < 1 || *d > i64::from(arg.rank)) {
                let msg = format!(
                    "dim={d} is out of range for {} (dim must be 1 to {})",
                    describe(&arg),
                    arg.rank
                );
                self.error(*at, msg);
                return None;
            }
        }
        let ty = self.result_kind(name, args.kind.as_ref(), Type::Int4, Type::Int8)?;
        let rank = u8::from(which != Inquiry::Size && args.dim.is_none());
        let kind = ExprKind::Inquiry {
            which,
            arg: Box::new(arg),
            dim: args.dim.map(|(d, _)| Box::new(d)),
        };
        Some(Expr {
            kind,
            ty,
            rank,
            span,
        })
    }

    /// The type chosen by a `kind=` argument.
    fn result_kind(
        &mut self,
        name: &ast::Ident,
        kind: Option<&(Expr, Span)>,
        four: Type,
        eight: Type,
    ) -> Option<Type> {
        let Some((k, span)) = kind else {
            return Some(four);
        };
        match k.as_const() {
            Some(Value::Int(4)) => Some(four),
            Some(Value::Int(8)) => Some(eight),
            Some(Value::Int(other)) => {
                self.error(
                    *span,
                    format!(
                        "kind {other} is not supported for the result of '{}' (supported: 4, 8)",
                        name.name
                    ),
                );
                None
            }
            _ => {
                self.error(
                    *span,
                    format!(
                        "the kind argument of '{}' must be an integer constant, like 4 or 8",
                        name.name
                    ),
                );
                None
            }
        }
    }

    fn elemental(
        &mut self,
        f: Intrinsic,
        name: &ast::Ident,
        mut args: Args,
        span: Span,
    ) -> Option<Expr> {
        let converts = matches!(
            f,
            Intrinsic::Int
                | Intrinsic::Nint
                | Intrinsic::Floor
                | Intrinsic::Ceiling
                | Intrinsic::Real
        );
        if converts && args.positional.len() == 2 && args.kind.is_none() {
            // int(x, 8): the kind given positionally.
            let k = args.positional.pop()?;
            let k_span = k.span;
            args.kind = Some((k, k_span));
        }
        let n = args.positional.len();
        let (min, max) = arity(f);
        if n < min || n > max {
            let expect = if min == max {
                format!("{min}")
            } else if max == usize::MAX {
                format!("at least {min}")
            } else {
                format!("{min} or {max}")
            };
            self.error(
                span,
                format!(
                    "'{}' takes {expect} argument{}, found {n}",
                    name.name,
                    if min == 1 && max == 1 { "" } else { "s" }
                ),
            );
            return None;
        }
        if let (Some((_, at)), false) = (&args.kind, converts) {
            self.error(*at, format!("'{}' has no kind= argument", name.name));
            return None;
        }
        let what = format!("the arguments of '{}'", name.name);
        let rank = args.positional.iter().map(|a| a.rank).max().unwrap_or(0);
        // Every array argument must conform with the first one.
        let mut arrays = args.positional.iter().filter(|a| a.rank > 0);
        if let Some(first) = arrays.next() {
            for other in arrays {
                self.conform(first, other, &what, span)?;
            }
        }
        let (ty, args) = self.elemental_types(f, name, args, span)?;
        Some(Expr {
            kind: ExprKind::Intrinsic(f, args),
            ty,
            rank,
            span,
        })
    }

    /// Check argument types and convert them; the result type.
    fn elemental_types(
        &mut self,
        f: Intrinsic,
        name: &ast::Ident,
        args: Args,
        span: Span,
    ) -> Option<(Type, Vec<Expr>)> {
        use Intrinsic::*;
        let a = args.positional;
        let fname = &name.name;
        let need = |s: &mut Self, ok: bool, what: &str, e: &Expr| {
            if !ok {
                s.error(
                    e.span,
                    format!(
                        "the argument of '{fname}' must be {what}, found {}",
                        describe(e)
                    ),
                );
            }
            ok
        };
        match f {
            Abs => need(self, a[0].ty.is_numeric(), "numeric", &a[0]).then(|| (a[0].ty, a)),
            Sqrt | Exp | Log | Log10 | Sin | Cos | Tan | Atan => {
                need(self, a[0].ty.is_real(), "real", &a[0]).then(|| (a[0].ty, a))
            }
            Atan2 => {
                if !(need(self, a[0].ty.is_real(), "real", &a[0])
                    && need(self, a[1].ty.is_real(), "real", &a[1]))
                {
                    return None;
                }
                Some(common(a))
            }
            Max | Min | Mod | Modulo | Sign => {
                for x in &a {
                    if !need(self, x.ty.is_numeric(), "numeric", x) {
                        return None;
                    }
                }
                Some(common(a))
            }
            Int => {
                need(self, a[0].ty.is_numeric(), "numeric", &a[0]).then_some(())?;
                Some((
                    self.result_kind(name, args.kind.as_ref(), Type::Int4, Type::Int8)?,
                    a,
                ))
            }
            Nint | Floor | Ceiling => {
                need(self, a[0].ty.is_real(), "real", &a[0]).then_some(())?;
                Some((
                    self.result_kind(name, args.kind.as_ref(), Type::Int4, Type::Int8)?,
                    a,
                ))
            }
            Real => {
                need(self, a[0].ty.is_numeric(), "numeric", &a[0]).then_some(())?;
                let ty = if fname == "dble" {
                    Type::Real8
                } else {
                    self.result_kind(name, args.kind.as_ref(), Type::Real4, Type::Real8)?
                };
                Some((ty, a))
            }
            Merge => {
                let [t, fl, mask]: [Expr; 3] = a.try_into().ok()?;
                if mask.ty != Type::Logical {
                    self.error(
                        mask.span,
                        format!(
                            "the mask of 'merge' (its third argument) must be logical, found {}",
                            describe(&mask)
                        ),
                    );
                    return None;
                }
                let ty = if t.ty.is_numeric() && fl.ty.is_numeric() {
                    promote(t.ty, fl.ty)
                } else if t.ty == fl.ty {
                    t.ty
                } else {
                    self.error(
                        span,
                        format!(
                            "the two values of 'merge' must have the same type, found {} and {}",
                            t.ty.name(),
                            fl.ty.name()
                        ),
                    );
                    return None;
                };
                Some((ty, vec![convert(t, ty), convert(fl, ty), mask]))
            }
        }
    }
}

/// Convert every argument to their common type.
fn common(args: Vec<Expr>) -> (Type, Vec<Expr>) {
    let ty = args
        .iter()
        .map(|a| a.ty)
        .reduce(promote)
        .unwrap_or(Type::Int4);
    (ty, args.into_iter().map(|a| convert(a, ty)).collect())
}

/// (minimum, maximum) number of positional arguments.
fn arity(f: Intrinsic) -> (usize, usize) {
    use Intrinsic::*;
    match f {
        Max | Min => (2, usize::MAX),
        Atan2 | Mod | Modulo | Sign => (2, 2),
        Merge => (3, 3),
        _ => (1, 1),
    }
}
