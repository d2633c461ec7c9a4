//! Shapes known at compile time, for conformance checks.

use crate::hir::{AcItem, Expr, ExprKind, Inquiry, Shape, Subscript, Symbol, Value};

/// The extents of an array expression when they are compile-time
/// constants; `None` for scalars and for shapes known only at run time.
pub fn static_shape(symbols: &[Symbol], e: &Expr) -> Option<Vec<i64>> {
    if e.rank == 0 {
        return None;
    }
    match &e.kind {
        ExprKind::Var(s) => declared_bounds(&symbols[s.index()])
            .map(|b| b.iter().map(|(lo, hi)| (hi - lo + 1).max(0)).collect()),
        ExprKind::Section { array, subs } => section_shape(symbols, &symbols[array.index()], subs),
        ExprKind::Unary(_, x) | ExprKind::Convert(x) => static_shape(symbols, x),
        ExprKind::Binary(_, l, r) => static_shape(symbols, l).or_else(|| static_shape(symbols, r)),
        ExprKind::Intrinsic(_, args) => args.iter().find_map(|a| static_shape(symbols, a)),
        ExprKind::Inquiry {
            which: Inquiry::Shape | Inquiry::Lbound | Inquiry::Ubound,
            arg,
            ..
        } => Some(vec![i64::from(arg.rank)]),
        ExprKind::Constructor(items) => constructor_len(symbols, items).map(|n| vec![n]),
        _ => None,
    }
}

/// Constant `(lower, upper)` per dimension of an explicit-shape array.
pub fn declared_bounds(sym: &Symbol) -> Option<Vec<(i64, i64)>> {
    match &sym.shape {
        Shape::Explicit(dims) => dims
            .iter()
            .map(|(lo, hi)| Some((lo.as_int()?, hi.as_int()?)))
            .collect(),
        _ => None,
    }
}

fn section_shape(symbols: &[Symbol], sym: &Symbol, subs: &[Subscript]) -> Option<Vec<i64>> {
    let bounds = declared_bounds(sym);
    let mut shape = Vec::new();
    for (d, sub) in subs.iter().enumerate() {
        match sub {
            Subscript::Scalar(_) => {}
            Subscript::Vector(v) => shape.push(static_shape(symbols, v)?[0]),
            Subscript::Triplet { lo, hi, stride } => {
                let (dlo, dhi) = bounds.as_ref().map(|b| b[d]).unzip();
                let lo = lo.as_ref().map_or(dlo, |e| e.as_int())?;
                let hi = hi.as_ref().map_or(dhi, |e| e.as_int())?;
                let st = stride.as_ref().map_or(Some(1), |e| e.as_int())?;
                if st == 0 {
                    return None;
                }
                shape.push(((hi - lo + st) / st).max(0));
            }
        }
    }
    Some(shape)
}

fn constructor_len(symbols: &[Symbol], items: &[AcItem]) -> Option<i64> {
    let mut n: i64 = 0;
    for item in items {
        n = n.checked_add(match item {
            AcItem::Expr(e) if e.rank == 0 => 1,
            AcItem::Expr(e) => static_shape(symbols, e)?.iter().product(),
            AcItem::ImpliedDo {
                start,
                end,
                step,
                items,
                ..
            } => {
                let (Value::Int(a), Value::Int(b)) = (start.as_const()?, end.as_const()?) else {
                    return None;
                };
                let s = step.as_ref().map_or(Some(1), |e| e.as_int())?;
                if s == 0 {
                    return None;
                }
                let trips = ((b - a + s) / s).max(0);
                trips.checked_mul(constructor_len(symbols, items)?)?
            }
        })?;
    }
    Some(n)
}
