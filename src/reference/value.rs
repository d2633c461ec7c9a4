//! Scalar values and the scalar operations of the language.
//!
//! Every operation works in the precision of its type: `integer(4)` wraps
//! at 32 bits, `real(4)` rounds every result to `f32`. Operations return
//! `Err(message)`; the expression evaluator attaches the span.

use fscal_frontend::hir::{self, BinaryOp, Type, UnaryOp};
use fscal_runtime::error::DIV_ZERO_MESSAGE;
use fscal_runtime::format::Item;

/// A typed scalar value, one per element of an array.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value {
    /// `integer(4)`
    Int4(i32),
    /// `integer(8)`
    Int8(i64),
    /// `real(4)`
    Real4(f32),
    /// `real(8)`
    Real8(f64),
    /// `logical`
    Logical(bool),
}

/// Result of a scalar operation; the message becomes a run-time error.
pub(super) type OpResult = Result<Value, String>;

impl Value {
    /// The type of the value.
    pub fn ty(self) -> Type {
        match self {
            Value::Int4(_) => Type::Int4,
            Value::Int8(_) => Type::Int8,
            Value::Real4(_) => Type::Real4,
            Value::Real8(_) => Type::Real8,
            Value::Logical(_) => Type::Logical,
        }
    }

    /// The value storage of type `ty` starts with (zero, `.false.`).
    pub fn zero(ty: Type) -> Value {
        match ty {
            Type::Int4 | Type::Char => Value::Int4(0),
            Type::Int8 => Value::Int8(0),
            Type::Real4 => Value::Real4(0.0),
            Type::Real8 => Value::Real8(0.0),
            Type::Logical => Value::Logical(false),
        }
    }

    /// An integer of type `ty` (wrapping to 32 bits for `integer(4)`).
    pub fn int(ty: Type, v: i64) -> Value {
        match ty {
            Type::Int4 => Value::Int4(v as i32),
            _ => Value::Int8(v),
        }
    }

    /// A HIR constant as a value of type `ty`.
    pub fn from_const(v: hir::Value, ty: Type) -> OpResult {
        let natural = match v {
            hir::Value::Int(i) => Value::Int8(i),
            hir::Value::Real(r) => Value::Real8(r),
            hir::Value::Logical(b) => Value::Logical(b),
        };
        natural.convert(ty)
    }

    /// The value as a HIR constant (reals widened to `f64`, exactly).
    pub fn to_hir(self) -> hir::Value {
        match self {
            Value::Int4(i) => hir::Value::Int(i as i64),
            Value::Int8(i) => hir::Value::Int(i),
            Value::Real4(r) => hir::Value::Real(r as f64),
            Value::Real8(r) => hir::Value::Real(r),
            Value::Logical(b) => hir::Value::Logical(b),
        }
    }

    /// The integer value, if this is an integer.
    pub fn as_i64(self) -> Option<i64> {
        match self {
            Value::Int4(i) => Some(i as i64),
            Value::Int8(i) => Some(i),
            _ => None,
        }
    }

    /// The value of a real or integer as `f64` (exact for reals).
    pub fn as_f64(self) -> Option<f64> {
        match self {
            Value::Int4(i) => Some(i as f64),
            Value::Int8(i) => Some(i as f64),
            Value::Real4(r) => Some(r as f64),
            Value::Real8(r) => Some(r),
            Value::Logical(_) => None,
        }
    }

    /// The logical value, if this is a logical.
    pub fn as_bool(self) -> Option<bool> {
        match self {
            Value::Logical(b) => Some(b),
            _ => None,
        }
    }

    /// The output item for `print`.
    pub(super) fn to_item(self) -> Item {
        match self {
            Value::Int4(i) => Item::I32(i),
            Value::Int8(i) => Item::I64(i),
            Value::Real4(r) => Item::F32(r),
            Value::Real8(r) => Item::F64(r),
            Value::Logical(b) => Item::Bool(b),
        }
    }

    /// Conversion to `ty`: integers wrap, reals truncate toward zero
    /// (saturating, NaN gives 0), integers round to the nearest real.
    pub fn convert(self, ty: Type) -> OpResult {
        use Value::*;
        Ok(match (self, ty) {
            (Logical(b), Type::Logical) => Logical(b),
            (Int4(_) | Int8(_), Type::Int4 | Type::Int8) => {
                Value::int(ty, self.as_i64().unwrap_or(0))
            }
            (Real4(_) | Real8(_), Type::Int4) => Int4(self.as_f64().unwrap_or(0.0) as i32),
            (Real4(_) | Real8(_), Type::Int8) => Int8(self.as_f64().unwrap_or(0.0) as i64),
            (Int4(i), Type::Real4) => Real4(i as f32),
            (Int8(i), Type::Real4) => Real4(i as f32),
            (Real4(r), Type::Real4) => Real4(r),
            (Real8(r), Type::Real4) => Real4(r as f32),
            (Int4(_) | Int8(_) | Real4(_) | Real8(_), Type::Real8) => {
                Real8(self.as_f64().unwrap_or(0.0))
            }
            _ => {
                return Err(internal(&format!(
                    "cannot convert {:?} to {}",
                    self,
                    ty.name()
                )))
            }
        })
    }
}

/// Message for a malformed program (a bug in semantic analysis).
pub(super) fn internal(what: &str) -> String {
    format!("internal error in the reference evaluator: {what}")
}

/// `op x`.
pub(super) fn unary(op: UnaryOp, x: Value) -> OpResult {
    Ok(match (op, x) {
        (UnaryOp::Neg, Value::Int4(i)) => Value::Int4(i.wrapping_neg()),
        (UnaryOp::Neg, Value::Int8(i)) => Value::Int8(i.wrapping_neg()),
        (UnaryOp::Neg, Value::Real4(r)) => Value::Real4(-r),
        (UnaryOp::Neg, Value::Real8(r)) => Value::Real8(-r),
        (UnaryOp::Not, Value::Logical(b)) => Value::Logical(!b),
        _ => return Err(internal(&format!("bad operand {x:?} of {op:?}"))),
    })
}

/// `a op b`.
pub(super) fn binary(op: BinaryOp, a: Value, b: Value) -> OpResult {
    use Value::*;
    match (a, b) {
        (Logical(x), Logical(y)) => logical(op, x, y),
        _ if op.is_comparison() => compare(op, a, b),
        (Int4(x), Int4(y)) => int_arith(op, x as i64, y as i64).map(|r| Int4(r as i32)),
        (Int8(x), Int8(y)) => int_arith(op, x, y).map(Int8),
        (Real4(x), Real4(y)) => real_arith(op, x, y).map(Real4),
        (Real8(x), Real8(y)) => real_arith(op, x, y).map(Real8),
        (Real4(x), Int4(_) | Int8(_)) if op == BinaryOp::Pow => {
            Ok(Real4(powi(x, b.as_i64().unwrap_or(0))))
        }
        (Real8(x), Int4(_) | Int8(_)) if op == BinaryOp::Pow => {
            Ok(Real8(powi(x, b.as_i64().unwrap_or(0))))
        }
        _ => Err(internal(&format!(
            "bad operands {a:?} {} {b:?}",
            op.symbol()
        ))),
    }
}

fn logical(op: BinaryOp, x: bool, y: bool) -> OpResult {
    Ok(Value::Logical(match op {
        BinaryOp::And => x && y,
        BinaryOp::Or => x || y,
        BinaryOp::Eqv | BinaryOp::Eq => x == y,
        BinaryOp::Neqv | BinaryOp::Ne => x != y,
        _ => return Err(internal(&format!("bad logical operator {}", op.symbol()))),
    }))
}

/// Comparison of two numbers of the same type (an integer pair compares
/// exactly as integers, a real pair with IEEE rules: NaN is unordered).
fn compare(op: BinaryOp, a: Value, b: Value) -> OpResult {
    let ord = match (a.as_i64(), b.as_i64()) {
        (Some(x), Some(y)) => x.partial_cmp(&y),
        _ => match (a, b) {
            (Value::Real4(x), Value::Real4(y)) => x.partial_cmp(&y),
            (Value::Real8(x), Value::Real8(y)) => x.partial_cmp(&y),
            _ => {
                return Err(internal(&format!(
                    "bad operands {a:?} {} {b:?}",
                    op.symbol()
                )))
            }
        },
    };
    use std::cmp::Ordering::*;
    let r = match op {
        BinaryOp::Eq => ord == Some(Equal),
        BinaryOp::Ne => ord != Some(Equal),
        BinaryOp::Lt => ord == Some(Less),
        BinaryOp::Le => matches!(ord, Some(Less | Equal)),
        BinaryOp::Gt => ord == Some(Greater),
        BinaryOp::Ge => matches!(ord, Some(Greater | Equal)),
        _ => return Err(internal("not a comparison")),
    };
    Ok(Value::Logical(r))
}

/// Integer arithmetic on 64 bits with wrapping. The low 32 bits of every
/// result are the wrapped `integer(4)` result, so callers truncate.
fn int_arith(op: BinaryOp, x: i64, y: i64) -> Result<i64, String> {
    Ok(match op {
        BinaryOp::Add => x.wrapping_add(y),
        BinaryOp::Sub => x.wrapping_sub(y),
        BinaryOp::Mul => x.wrapping_mul(y),
        BinaryOp::Div if y == 0 => return Err(DIV_ZERO_MESSAGE.to_string()),
        BinaryOp::Div => x.wrapping_div(y),
        BinaryOp::Pow => int_pow(x, y),
        _ => return Err(internal(&format!("bad integer operator {}", op.symbol()))),
    })
}

/// `i ** j`: a negative exponent gives 0 unless `i` is 1 or -1.
pub(super) fn int_pow(i: i64, j: i64) -> i64 {
    if j < 0 {
        return match i {
            1 => 1,
            -1 if j % 2 == 0 => 1,
            -1 => -1,
            _ => 0,
        };
    }
    let (mut base, mut exp, mut acc) = (i, j as u64, 1i64);
    while exp > 0 {
        if exp & 1 == 1 {
            acc = acc.wrapping_mul(base);
        }
        base = base.wrapping_mul(base);
        exp >>= 1;
    }
    acc
}

/// The floating-point types, so real arithmetic is written once.
pub(super) trait Real:
    Copy
    + PartialOrd
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Div<Output = Self>
    + std::ops::Rem<Output = Self>
    + std::ops::Neg<Output = Self>
{
    const ONE: Self;
    const ZERO: Self;
    fn powf(self, y: Self) -> Self;
    fn is_nan(self) -> bool;
    fn copysign(self, sign: Self) -> Self;
}

macro_rules! impl_real {
    ($t:ty) => {
        impl Real for $t {
            const ONE: Self = 1.0;
            const ZERO: Self = 0.0;
            fn powf(self, y: Self) -> Self {
                <$t>::powf(self, y)
            }
            fn is_nan(self) -> bool {
                <$t>::is_nan(self)
            }
            fn copysign(self, sign: Self) -> Self {
                <$t>::copysign(self, sign)
            }
        }
    };
}
impl_real!(f32);
impl_real!(f64);

fn real_arith<T: Real>(op: BinaryOp, x: T, y: T) -> Result<T, String> {
    Ok(match op {
        BinaryOp::Add => x + y,
        BinaryOp::Sub => x - y,
        BinaryOp::Mul => x * y,
        BinaryOp::Div => x / y,
        BinaryOp::Pow => x.powf(y),
        _ => return Err(internal(&format!("bad real operator {}", op.symbol()))),
    })
}

/// `x ** n` by binary powering (the operation order of libgcc's
/// `__powidf2`); a negative exponent gives `1 / x**|n|`.
pub(super) fn powi<T: Real>(x: T, n: i64) -> T {
    let (mut base, mut exp, mut acc) = (x, n.unsigned_abs(), T::ONE);
    while exp > 0 {
        if exp & 1 == 1 {
            acc = acc * base;
        }
        exp >>= 1;
        if exp > 0 {
            base = base * base;
        }
    }
    if n < 0 {
        T::ONE / acc
    } else {
        acc
    }
}
