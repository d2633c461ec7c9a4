//! Constant folding of scalar HIR expressions.
//!
//! Folding must give exactly what the generated code would compute, so it
//! only folds what is computed the same way everywhere: integer arithmetic
//! that does not overflow its kind, IEEE real arithmetic rounded to the
//! expression's kind, comparisons, logical operators and conversions. It
//! never folds math functions or real powers (their results come from the
//! runtime) and leaves integer division by zero to the run-time check.

use crate::hir::{BinaryOp, Expr, ExprKind, Intrinsic, Type, UnaryOp, Value};

/// The value of a scalar constant expression, if it has one.
pub fn fold(e: &Expr) -> Option<Value> {
    if e.rank != 0 {
        return None;
    }
    match &e.kind {
        ExprKind::Const(v) => Some(*v),
        ExprKind::Unary(op, x) => unary(*op, fold(x)?, e.ty),
        ExprKind::Binary(op, l, r) => binary(*op, fold(l)?, fold(r)?, l.ty, e.ty),
        ExprKind::Convert(x) => convert(fold(x)?, e.ty),
        ExprKind::Intrinsic(f, args) => intrinsic(*f, args, e.ty),
        _ => None,
    }
}

/// Keep an integer only when it fits the kind.
fn int_of(v: i128, ty: Type) -> Option<Value> {
    let fits = match ty {
        Type::Int4 => i32::try_from(v).is_ok(),
        _ => i64::try_from(v).is_ok(),
    };
    fits.then_some(Value::Int(v as i64))
}

/// Round a real to the kind, rejecting non-finite results.
fn real_of(v: f64, ty: Type) -> Option<Value> {
    let v = if ty == Type::Real4 {
        f64::from(v as f32)
    } else {
        v
    };
    v.is_finite().then_some(Value::Real(v))
}

fn unary(op: UnaryOp, v: Value, ty: Type) -> Option<Value> {
    match (op, v) {
        (UnaryOp::Neg, Value::Int(i)) => int_of(-(i as i128), ty),
        (UnaryOp::Neg, Value::Real(r)) => Some(Value::Real(-r)),
        (UnaryOp::Not, Value::Logical(b)) => Some(Value::Logical(!b)),
        _ => None,
    }
}

fn binary(op: BinaryOp, a: Value, b: Value, operand_ty: Type, ty: Type) -> Option<Value> {
    use BinaryOp::*;
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => {
            let (x, y) = (x as i128, y as i128);
            match op {
                Add => int_of(x + y, ty),
                Sub => int_of(x - y, ty),
                Mul => int_of(x * y, ty),
                Div if y != 0 => int_of(x / y, ty),
                Pow if (0..=64).contains(&y) => x.checked_pow(y as u32).and_then(|v| int_of(v, ty)),
                _ if op.is_comparison() => Some(Value::Logical(compare(op, x.cmp(&y)))),
                _ => None,
            }
        }
        (Value::Real(x), Value::Real(y)) => {
            let r4 = operand_ty == Type::Real4;
            let arith = |f: fn(f64, f64) -> f64, g: fn(f32, f32) -> f32| {
                if r4 {
                    f64::from(g(x as f32, y as f32))
                } else {
                    f(x, y)
                }
            };
            match op {
                Add => real_of(arith(|a, b| a + b, |a, b| a + b), ty),
                Sub => real_of(arith(|a, b| a - b, |a, b| a - b), ty),
                Mul => real_of(arith(|a, b| a * b, |a, b| a * b), ty),
                Div => real_of(arith(|a, b| a / b, |a, b| a / b), ty),
                _ if op.is_comparison() => {
                    x.partial_cmp(&y).map(|o| Value::Logical(compare(op, o)))
                }
                _ => None,
            }
        }
        (Value::Logical(x), Value::Logical(y)) => match op {
            And => Some(Value::Logical(x && y)),
            Or => Some(Value::Logical(x || y)),
            Eqv => Some(Value::Logical(x == y)),
            Neqv => Some(Value::Logical(x != y)),
            _ => None,
        },
        _ => None,
    }
}

fn compare(op: BinaryOp, o: std::cmp::Ordering) -> bool {
    use std::cmp::Ordering::*;
    match op {
        BinaryOp::Eq => o == Equal,
        BinaryOp::Ne => o != Equal,
        BinaryOp::Lt => o == Less,
        BinaryOp::Le => o != Greater,
        BinaryOp::Gt => o == Greater,
        BinaryOp::Ge => o != Less,
        _ => false,
    }
}

fn convert(v: Value, ty: Type) -> Option<Value> {
    match (v, ty) {
        (Value::Int(i), t) if t.is_int() => int_of(i as i128, t),
        // `as` rounds once, straight from the integer, as the hardware does.
        (Value::Int(i), Type::Real4) => Some(Value::Real(f64::from(i as f32))),
        (Value::Int(i), Type::Real8) => Some(Value::Real(i as f64)),
        (Value::Real(r), t) if t.is_real() => real_of(r, t),
        (Value::Real(r), t) if t.is_int() => {
            let tr = r.trunc();
            if tr.abs() < 9.0e18 {
                int_of(tr as i128, t)
            } else {
                None
            }
        }
        (Value::Logical(b), Type::Logical) => Some(Value::Logical(b)),
        _ => None,
    }
}

fn intrinsic(f: Intrinsic, args: &[Expr], ty: Type) -> Option<Value> {
    if !ty.is_int() {
        return None;
    }
    let vals: Option<Vec<i64>> = args
        .iter()
        .map(|a| match fold(a) {
            Some(Value::Int(v)) => Some(v),
            _ => None,
        })
        .collect();
    let vals = vals?;
    match f {
        Intrinsic::Abs => int_of((vals[0] as i128).abs(), ty),
        Intrinsic::Max => int_of(*vals.iter().max()? as i128, ty),
        Intrinsic::Min => int_of(*vals.iter().min()? as i128, ty),
        Intrinsic::Mod if vals[1] != 0 => int_of((vals[0] as i128) % (vals[1] as i128), ty),
        _ => None,
    }
}
