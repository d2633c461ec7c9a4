//! Elemental intrinsic functions on scalars.
//!
//! Real functions use the `f32` routines for `real(4)` and the `f64` ones
//! for `real(8)` (the same C library functions gfortran calls). Arguments
//! arrive already converted to the type the intrinsic computes in; `ty` is
//! the result type.

use fscal_frontend::hir::{Intrinsic, Type};
use fscal_runtime::error::DIV_ZERO_MESSAGE;

use super::value::{internal, OpResult, Real, Value};

/// Apply `which` to one element's arguments.
pub(super) fn apply(which: Intrinsic, args: &[Value], ty: Type) -> OpResult {
    use Intrinsic::*;
    match (which, args) {
        (Abs, [x]) => Ok(abs(*x)),
        (Sqrt | Exp | Log | Log10 | Sin | Cos | Tan | Atan, [x]) => math(which, *x),
        (Atan2, [Value::Real4(y), Value::Real4(x)]) => Ok(Value::Real4(y.atan2(*x))),
        (Atan2, [Value::Real8(y), Value::Real8(x)]) => Ok(Value::Real8(y.atan2(*x))),
        (Max | Min, [first, rest @ ..]) if !rest.is_empty() => min_max(which == Max, *first, rest),
        (Mod | Modulo, [a, p]) => modulus(which == Modulo, *a, *p),
        (Sign, [a, b]) => sign(*a, *b),
        (Int | Real, [x]) => x.convert(ty),
        (Nint | Floor | Ceiling, [x]) => round(which, *x, ty),
        (Merge, [t, f, Value::Logical(mask)]) => Ok(if *mask { *t } else { *f }),
        _ => Err(internal(&format!(
            "bad arguments {args:?} of {}",
            which.name()
        ))),
    }
}

fn abs(x: Value) -> Value {
    match x {
        Value::Int4(i) => Value::Int4(i.wrapping_abs()),
        Value::Int8(i) => Value::Int8(i.wrapping_abs()),
        Value::Real4(r) => Value::Real4(r.abs()),
        Value::Real8(r) => Value::Real8(r.abs()),
        Value::Logical(_) => x,
    }
}

/// The one-argument real functions.
fn math(which: Intrinsic, x: Value) -> OpResult {
    use Intrinsic::*;
    macro_rules! on {
        ($r:expr) => {
            match which {
                Sqrt => $r.sqrt(),
                Exp => $r.exp(),
                Log => $r.ln(),
                Log10 => $r.log10(),
                Sin => $r.sin(),
                Cos => $r.cos(),
                Tan => $r.tan(),
                _ => $r.atan(),
            }
        };
    }
    match x {
        Value::Real4(r) => Ok(Value::Real4(on!(r))),
        Value::Real8(r) => Ok(Value::Real8(on!(r))),
        _ => Err(internal(&format!("{} of {x:?}", which.name()))),
    }
}

/// `max`/`min` as gfortran computes them: start from the first argument and
/// take the next one when it is larger (smaller) or the current one is NaN,
/// so a NaN loses against any number.
fn min_max(is_max: bool, first: Value, rest: &[Value]) -> OpResult {
    let mut acc = first;
    for &next in rest {
        let better = match (acc, next) {
            (Value::Int4(a), Value::Int4(b)) => (b > a) == is_max && b != a,
            (Value::Int8(a), Value::Int8(b)) => (b > a) == is_max && b != a,
            (Value::Real4(a), Value::Real4(b)) => pick(is_max, a, b),
            (Value::Real8(a), Value::Real8(b)) => pick(is_max, a, b),
            _ => return Err(internal(&format!("max/min of {acc:?} and {next:?}"))),
        };
        if better {
            acc = next;
        }
    }
    Ok(acc)
}

fn pick<T: Real>(is_max: bool, acc: T, next: T) -> bool {
    let beats = if is_max { next > acc } else { next < acc };
    beats || acc.is_nan()
}

/// `mod(a, p)` (sign of `a`) and `modulo(a, p)` (sign of `p`). Reals use
/// the exact remainder (C `fmod`), as gfortran does; a zero `modulo`
/// result takes the sign of `p`.
fn modulus(is_modulo: bool, a: Value, p: Value) -> OpResult {
    match (a, p) {
        (Value::Int4(x), Value::Int4(y)) => {
            int_mod(is_modulo, x as i64, y as i64).map(|r| Value::Int4(r as i32))
        }
        (Value::Int8(x), Value::Int8(y)) => int_mod(is_modulo, x, y).map(Value::Int8),
        (Value::Real4(x), Value::Real4(y)) => Ok(Value::Real4(real_mod(is_modulo, x, y))),
        (Value::Real8(x), Value::Real8(y)) => Ok(Value::Real8(real_mod(is_modulo, x, y))),
        _ => Err(internal(&format!("mod of {a:?} and {p:?}"))),
    }
}

fn int_mod(is_modulo: bool, a: i64, p: i64) -> Result<i64, String> {
    if p == 0 {
        return Err(DIV_ZERO_MESSAGE.to_string());
    }
    let r = a.wrapping_rem(p);
    Ok(if is_modulo && r != 0 && (r < 0) != (p < 0) {
        r + p
    } else {
        r
    })
}

fn real_mod<T: Real>(is_modulo: bool, a: T, p: T) -> T {
    let r = a % p;
    if !is_modulo {
        r
    } else if r == T::ZERO {
        T::ZERO.copysign(p)
    } else if (r < T::ZERO) != (p < T::ZERO) {
        r + p
    } else {
        r
    }
}

/// `sign(a, b)`: `|a|` with the sign of `b`; for reals the sign bit of `b`
/// counts, so `sign(1.0, -0.0)` is `-1.0` (gfortran's `-fsign-zero`).
fn sign(a: Value, b: Value) -> OpResult {
    match (a, b) {
        (Value::Int4(x), Value::Int4(y)) => Ok(Value::Int4(if y >= 0 {
            x.wrapping_abs()
        } else {
            x.wrapping_abs().wrapping_neg()
        })),
        (Value::Int8(x), Value::Int8(y)) => Ok(Value::Int8(if y >= 0 {
            x.wrapping_abs()
        } else {
            x.wrapping_abs().wrapping_neg()
        })),
        (Value::Real4(x), Value::Real4(y)) => Ok(Value::Real4(x.abs().copysign(y))),
        (Value::Real8(x), Value::Real8(y)) => Ok(Value::Real8(x.abs().copysign(y))),
        _ => Err(internal(&format!("sign of {a:?} and {b:?}"))),
    }
}

/// `nint`, `floor`, `ceiling` to the integer type `ty`, saturating (NaN
/// gives 0). `nint` rounds halves away from zero. Working on the exact
/// `f64` value of a `real(4)` argument gives the same integer.
fn round(which: Intrinsic, x: Value, ty: Type) -> OpResult {
    let r = match x {
        Value::Real4(_) | Value::Real8(_) => x.as_f64().unwrap_or(0.0),
        Value::Int4(_) | Value::Int8(_) => return x.convert(ty),
        Value::Logical(_) => return Err(internal(&format!("{} of a logical", which.name()))),
    };
    let r = match which {
        Intrinsic::Nint => r.round(),
        Intrinsic::Floor => r.floor(),
        _ => r.ceil(),
    };
    Value::Real8(r).convert(ty)
}
