//! Shapes known at compile time, for conformance checks.

use crate::hir::{AcItem, Expr, ExprKind, Inquiry, Shape, Subscript, Symbol, Value};

/// How deep [`static_shape`] looks into nested constructors and vector
/// subscripts; a shape deeper than that is left to the run-time checks.
const MAX_SHAPE_DEPTH: u32 = 64;

/// The extents of an array expression when they are compile-time
/// constants; `None` for scalars and for shapes known only at run time.
///
/// The operands of an elemental operation are searched left to right for
/// the first one whose shape is known, with an explicit stack: an operator
/// chain may be as deep as it is long.
pub fn static_shape(symbols: &[Symbol], e: &Expr) -> Option<Vec<i64>> {
    shape_at(symbols, e, 0)
}

fn shape_at(symbols: &[Symbol], e: &Expr, depth: u32) -> Option<Vec<i64>> {
    if depth > MAX_SHAPE_DEPTH {
        return None;
    }
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        if e.rank == 0 {
            continue;
        }
        let found = match &e.kind {
            ExprKind::Var(s) => declared_bounds(&symbols[s.index()])
                .map(|b| b.iter().map(|(lo, hi)| (hi - lo + 1).max(0)).collect()),
            ExprKind::Section { array, subs } => {
                section_shape(symbols, &symbols[array.index()], subs, depth + 1)
            }
            ExprKind::Unary(_, x) | ExprKind::Convert(x) => {
                stack.push(x);
                continue;
            }
            ExprKind::Binary(_, l, r) => {
                stack.push(r);
                stack.push(l);
                continue;
            }
            ExprKind::Intrinsic(_, args) => {
                stack.extend(args.iter().rev());
                continue;
            }
            ExprKind::Inquiry {
                which: Inquiry::Shape | Inquiry::Lbound | Inquiry::Ubound,
                arg,
                ..
            } => Some(vec![i64::from(arg.rank)]),
            ExprKind::Constructor(items) => {
                constructor_len(symbols, items, depth + 1).map(|n| vec![n])
            }
            _ => None,
        };
        if found.is_some() {
            return found;
        }
    }
    None
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

fn section_shape(
    symbols: &[Symbol],
    sym: &Symbol,
    subs: &[Subscript],
    depth: u32,
) -> Option<Vec<i64>> {
    let bounds = declared_bounds(sym);
    let mut shape = Vec::new();
    for (d, sub) in subs.iter().enumerate() {
        match sub {
            Subscript::Scalar(_) => {}
            Subscript::Vector(v) => shape.push(shape_at(symbols, v, depth)?[0]),
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

fn constructor_len(symbols: &[Symbol], items: &[AcItem], depth: u32) -> Option<i64> {
    if depth > MAX_SHAPE_DEPTH {
        return None;
    }
    let mut n: i64 = 0;
    for item in items {
        n = n.checked_add(match item {
            AcItem::Expr(e) if e.rank == 0 => 1,
            AcItem::Expr(e) => shape_at(symbols, e, depth)?.iter().product(),
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
                trips.checked_mul(constructor_len(symbols, items, depth + 1)?)?
            }
        })?;
    }
    Some(n)
}
