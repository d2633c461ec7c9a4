//! Small constructors for IR expressions that fold `I64` constants, so the
//! index arithmetic the scalarizer writes stays readable in dumps and cheap
//! in code.

use crate::ir::{BinOp, CmpOp, Const, Expr};

fn as_i64(e: &Expr) -> Option<i64> {
    match e {
        Expr::Const(Const::I64(v)) => Some(*v),
        _ => None,
    }
}

/// `x + c` or `x - c` as `(x, c)`.
fn split_const(e: &Expr) -> Option<(&Expr, i64)> {
    match e {
        Expr::Binary(BinOp::Add, x, c) => as_i64(c).map(|c| (&**x, c)),
        Expr::Binary(BinOp::Sub, x, c) => {
            as_i64(c).and_then(|c| c.checked_neg()).map(|c| (&**x, c))
        }
        _ => None,
    }
}

/// `a + b`
pub(crate) fn add(a: Expr, b: Expr) -> Expr {
    // (x + c) + d  ->  x + (c + d)
    if let (Some((x, c)), Some(d)) = (split_const(&a), as_i64(&b)) {
        if let Some(cd) = c.checked_add(d) {
            return add(x.clone(), Expr::Const(Const::I64(cd)));
        }
    }
    match (as_i64(&a), as_i64(&b)) {
        (Some(x), Some(y)) if x.checked_add(y).is_some() => Expr::Const(Const::I64(x + y)),
        (Some(0), _) => b,
        (_, Some(0)) => a,
        // Constants last: `s - 1` reads better than `-1 + s`.
        (Some(_), None) => add(b, a),
        (_, Some(y)) if y < 0 && y != i64::MIN => Expr::Binary(
            BinOp::Sub,
            Box::new(a),
            Box::new(Expr::Const(Const::I64(-y))),
        ),
        _ => Expr::Binary(BinOp::Add, Box::new(a), Box::new(b)),
    }
}

/// `a - b`
pub(crate) fn sub(a: Expr, b: Expr) -> Expr {
    if let Some(d) = as_i64(&b).and_then(|d| d.checked_neg()) {
        if split_const(&a).is_some() {
            return add(a, Expr::Const(Const::I64(d)));
        }
    }
    match (as_i64(&a), as_i64(&b)) {
        (Some(x), Some(y)) if x.checked_sub(y).is_some() => Expr::Const(Const::I64(x - y)),
        (_, Some(0)) => a,
        _ if a == b => Expr::Const(Const::I64(0)),
        _ => Expr::Binary(BinOp::Sub, Box::new(a), Box::new(b)),
    }
}

/// `a * b`
pub(crate) fn mul(a: Expr, b: Expr) -> Expr {
    match (as_i64(&a), as_i64(&b)) {
        (Some(x), Some(y)) if x.checked_mul(y).is_some() => Expr::Const(Const::I64(x * y)),
        (Some(0), _) | (_, Some(0)) => Expr::Const(Const::I64(0)),
        (Some(1), _) => b,
        (_, Some(1)) => a,
        _ => Expr::Binary(BinOp::Mul, Box::new(a), Box::new(b)),
    }
}

/// `a / b` (truncating; `b` is known non-zero)
pub(crate) fn div(a: Expr, b: Expr) -> Expr {
    match (as_i64(&a), as_i64(&b)) {
        (Some(x), Some(y)) if y != 0 && x.checked_div(y).is_some() => {
            Expr::Const(Const::I64(x / y))
        }
        (_, Some(1)) => a,
        _ => Expr::Binary(BinOp::Div, Box::new(a), Box::new(b)),
    }
}

/// `max(a, b)`
pub(crate) fn max(a: Expr, b: Expr) -> Expr {
    match (as_i64(&a), as_i64(&b)) {
        (Some(x), Some(y)) => Expr::Const(Const::I64(x.max(y))),
        _ => Expr::Binary(BinOp::Max, Box::new(a), Box::new(b)),
    }
}

/// A comparison, folded when both sides are `I64` constants.
pub(crate) fn cmp(op: CmpOp, a: Expr, b: Expr) -> Expr {
    if let (Some(x), Some(y)) = (as_i64(&a), as_i64(&b)) {
        let r = match op {
            CmpOp::Eq => x == y,
            CmpOp::Ne => x != y,
            CmpOp::Lt => x < y,
            CmpOp::Le => x <= y,
            CmpOp::Gt => x > y,
            CmpOp::Ge => x >= y,
        };
        return Expr::Const(Const::Bool(r));
    }
    Expr::Cmp(op, Box::new(a), Box::new(b))
}

/// `a .or. b`, folded.
pub(crate) fn or(a: Expr, b: Expr) -> Expr {
    match (&a, &b) {
        (Expr::Const(Const::Bool(false)), _) => b,
        (_, Expr::Const(Const::Bool(false))) => a,
        (Expr::Const(Const::Bool(true)), _) | (_, Expr::Const(Const::Bool(true))) => {
            Expr::Const(Const::Bool(true))
        }
        _ => Expr::Binary(BinOp::Or, Box::new(a), Box::new(b)),
    }
}

/// True when `e` is the constant `false`.
pub(crate) fn is_false(e: &Expr) -> bool {
    matches!(e, Expr::Const(Const::Bool(false)))
}
