//! Dependence between the left- and right-hand side of an array
//! assignment: may the statement run in place, in the natural loop order?
//!
//! The current test is conservative but never wrong: a reference to the
//! assigned array that the loop body reads while it writes (an array term
//! of the ss chain with the lhs symbol, or a vector subscript reading it)
//! forces a temporary unless it is the very same reference as the lhs
//! (then every element is read and written in the same iteration).
//! Scalars, constructors and inquiry results are evaluated before the loops
//! and never conflict.

use fscal_frontend::hir::{self, ExprKind, Subscript};

use crate::ss::{Chain, Side, TermKind};

/// Why an assignment needs a temporary; `None` when it can run in place.
pub(crate) fn needs_temporary(program: &hir::Program, chain: &Chain, lhs: &hir::Expr) -> Option<String> {
    let target = match &lhs.kind {
        ExprKind::Var(s) | ExprKind::Section { array: s, .. } => *s,
        _ => return None,
    };
    let name = &program.symbol(target).name;
    for term in &chain.terms {
        let TermKind::Array { sym: Some(sym), .. } = &term.kind else { continue };
        if *sym != target || std::ptr::eq(term.node, lhs) {
            continue;
        }
        // SAFETY of the dereference: chain nodes point into the borrowed HIR.
        let node: &hir::Expr = unsafe { &*term.node };
        if term.side == Side::Rhs && same_reference(node, lhs) {
            continue;
        }
        let place = if term.side == Side::Lhs { "in a vector subscript of the left-hand side" } else { "on the right-hand side" };
        return Some(format!("'{name}' is assigned and also read {place} (conservative test: the references differ)"));
    }
    None
}

/// True when two references denote the same elements in the same order.
fn same_reference(a: &hir::Expr, b: &hir::Expr) -> bool {
    match (&a.kind, &b.kind) {
        (ExprKind::Var(x), ExprKind::Var(y)) => x == y,
        (ExprKind::Section { array: x, subs: s }, ExprKind::Section { array: y, subs: t }) => {
            x == y && s.len() == t.len() && s.iter().zip(t).all(|(p, q)| same_subscript(p, q))
        }
        (ExprKind::Var(x), ExprKind::Section { array: y, subs })
        | (ExprKind::Section { array: y, subs }, ExprKind::Var(x)) => {
            x == y && subs.iter().all(|s| matches!(s, Subscript::Triplet { lo: None, hi: None, stride: None }))
        }
        _ => false,
    }
}

fn same_subscript(a: &Subscript, b: &Subscript) -> bool {
    match (a, b) {
        (Subscript::Scalar(x), Subscript::Scalar(y)) => same_value(x, y),
        (Subscript::Triplet { lo: a1, hi: a2, stride: a3 }, Subscript::Triplet { lo: b1, hi: b2, stride: b3 }) => {
            same_opt(a1, b1) && same_opt(a2, b2) && same_opt(a3, b3)
        }
        _ => false,
    }
}

fn same_opt(a: &Option<hir::Expr>, b: &Option<hir::Expr>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(x), Some(y)) => same_value(x, y),
        _ => false,
    }
}

/// Structural equality of scalar expressions, ignoring spans. Expressions
/// are pure, so equal structure means equal values.
fn same_value(a: &hir::Expr, b: &hir::Expr) -> bool {
    if a.ty != b.ty || a.rank != b.rank {
        return false;
    }
    match (&a.kind, &b.kind) {
        (ExprKind::Const(x), ExprKind::Const(y)) => x == y,
        (ExprKind::Var(x), ExprKind::Var(y)) => x == y,
        (ExprKind::Unary(o, x), ExprKind::Unary(p, y)) => o == p && same_value(x, y),
        (ExprKind::Binary(o, x1, x2), ExprKind::Binary(p, y1, y2)) => o == p && same_value(x1, y1) && same_value(x2, y2),
        (ExprKind::Convert(x), ExprKind::Convert(y)) => same_value(x, y),
        (ExprKind::Intrinsic(f, xs), ExprKind::Intrinsic(g, ys)) => {
            f == g && xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| same_value(x, y))
        }
        (ExprKind::Section { .. }, ExprKind::Section { .. }) => same_reference(a, b),
        _ => false,
    }
}
