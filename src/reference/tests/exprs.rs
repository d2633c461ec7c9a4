//! Scalar operators, conversions and precision.

use fscal_frontend::hir::{BinaryOp::*, Type, UnaryOp};

use super::build::*;
use crate::reference::Value as V;

#[test]
fn integer4_wraps_integer8_does_not() {
    assert_eq!(eval1(add(i4(2147483647), i4(1))), V::Int4(-2147483648));
    assert_eq!(eval1(add(i8(2147483647), i8(1))), V::Int8(2147483648));
    assert_eq!(eval1(mul(i4(65536), i4(65536))), V::Int4(0));
    assert_eq!(eval1(mul(i8(1 << 62), i8(4))), V::Int8(0));
    assert_eq!(
        eval1(un(UnaryOp::Neg, i4(i32::MIN as i64))),
        V::Int4(i32::MIN)
    );
    assert_eq!(eval1(bin(Sub, i4(-2147483648), i4(1))), V::Int4(2147483647));
}

#[test]
fn integer_division_truncates_toward_zero() {
    assert_eq!(eval1(bin(Div, i4(7), i4(2))), V::Int4(3));
    assert_eq!(eval1(bin(Div, i4(-7), i4(2))), V::Int4(-3));
    assert_eq!(eval1(bin(Div, i4(7), i4(-2))), V::Int4(-3));
    assert_eq!(eval1(bin(Div, i8(-7), i8(-2))), V::Int8(3));
    assert_eq!(
        eval1(bin(Div, i4(i32::MIN as i64), i4(-1))),
        V::Int4(i32::MIN)
    );
}

#[test]
fn integer_powers() {
    assert_eq!(eval1(bin(Pow, i4(2), i4(10))), V::Int4(1024));
    assert_eq!(eval1(bin(Pow, i4(2), i4(-1))), V::Int4(0));
    assert_eq!(eval1(bin(Pow, i4(1), i4(-5))), V::Int4(1));
    assert_eq!(eval1(bin(Pow, i4(-1), i4(-3))), V::Int4(-1));
    assert_eq!(eval1(bin(Pow, i4(-1), i4(-4))), V::Int4(1));
    assert_eq!(eval1(bin(Pow, i4(0), i4(0))), V::Int4(1));
    assert_eq!(
        eval1(bin(Pow, i4(3), i4(21))),
        V::Int4(3i32.wrapping_pow(21))
    );
    assert_eq!(
        eval1(bin(Pow, i8(3), i8(40))),
        V::Int8(3i64.wrapping_pow(40))
    );
    assert_eq!(eval1(bin(Pow, i4(2), i4(32))), V::Int4(0));
}

#[test]
fn integer_powers_match_the_runtime() {
    use fscal_runtime::math::fscal_pow_i64;
    for a in -5..=5 {
        for b in -3..=70 {
            let v = eval1(bin(Pow, i8(a), i8(b)));
            assert_eq!(v, V::Int8(fscal_pow_i64(a, b)), "{a}**{b}");
        }
    }
}

#[test]
fn real_to_integer_powers_use_binary_powering() {
    use fscal_runtime::math::{fscal_powi_f32, fscal_powi_f64};
    assert_eq!(eval1(bin(Pow, r8(2.0), i4(-2))), V::Real8(0.25));
    assert_eq!(eval1(bin(Pow, r8(2.0), i8(10))), V::Real8(1024.0));
    for x in [1.1f64, -0.7, 3.3, 1e-3, 0.999_999] {
        for n in [-9, -2, -1, 0, 1, 2, 3, 7, 13, 31, 64] {
            let v = eval1(bin(Pow, r8(x), i4(n)));
            assert_eq!(v, V::Real8(fscal_powi_f64(x, n as i32)), "{x}**{n}");
            let x4 = x as f32;
            let v = eval1(bin(Pow, r4(x4), i4(n)));
            assert_eq!(v, V::Real4(fscal_powi_f32(x4, n as i32)), "{x4}**{n}");
        }
    }
}

#[test]
fn real_powers_use_powf() {
    assert_eq!(eval1(bin(Pow, r8(2.0), r8(0.5))), V::Real8(2f64.powf(0.5)));
    assert_eq!(
        eval1(bin(Pow, r4(1.7), r4(2.3))),
        V::Real4(1.7f32.powf(2.3))
    );
}

#[test]
fn real4_rounds_every_operation() {
    // In f64 the sum would be 16777217; in f32 it rounds back.
    let big = r4(16_777_216.0);
    assert_eq!(eval1(add(big.clone(), r4(1.0))), V::Real4(16_777_216.0));
    assert_eq!(
        eval1(add(add(big, r4(1.0)), r4(1.0))),
        V::Real4(16_777_216.0)
    );
    assert_eq!(eval1(bin(Div, r4(1.0), r4(3.0))), V::Real4(1.0f32 / 3.0));
    assert_eq!(eval1(add(r4(0.1), r4(0.2))), V::Real4(0.1f32 + 0.2f32));
    assert_eq!(eval1(add(r8(0.1), r8(0.2))), V::Real8(0.1 + 0.2));
}

#[test]
fn conversions() {
    assert_eq!(eval1(conv(r8(-2.7), Type::Int4)), V::Int4(-2));
    assert_eq!(eval1(conv(r8(2.7), Type::Int8)), V::Int8(2));
    assert_eq!(eval1(conv(r8(1e20), Type::Int4)), V::Int4(i32::MAX));
    assert_eq!(eval1(conv(r8(-1e20), Type::Int8)), V::Int8(i64::MIN));
    assert_eq!(eval1(conv(r8(f64::NAN), Type::Int4)), V::Int4(0));
    assert_eq!(
        eval1(conv(i4(16_777_217), Type::Real4)),
        V::Real4(16_777_216.0)
    );
    assert_eq!(
        eval1(conv(i8(9_007_199_254_740_993), Type::Real8)),
        V::Real8(9_007_199_254_740_992.0)
    );
    assert_eq!(eval1(conv(i8(1 << 40), Type::Int4)), V::Int4(0));
    assert_eq!(eval1(conv(i4(-5), Type::Int8)), V::Int8(-5));
    assert_eq!(eval1(conv(r4(0.1), Type::Real8)), V::Real8(0.1f32 as f64));
    assert_eq!(eval1(conv(r8(0.1), Type::Real4)), V::Real4(0.1f32));
}

#[test]
fn comparisons_and_logicals() {
    assert_eq!(eval1(bin(Lt, i4(1), i4(2))), V::Logical(true));
    assert_eq!(eval1(bin(Ge, i8(1), i8(2))), V::Logical(false));
    assert_eq!(
        eval1(bin(Eq, r8(f64::NAN), r8(f64::NAN))),
        V::Logical(false)
    );
    assert_eq!(eval1(bin(Ne, r8(f64::NAN), r8(f64::NAN))), V::Logical(true));
    assert_eq!(eval1(bin(Le, r4(1.5), r4(1.5))), V::Logical(true));
    assert_eq!(eval1(bin(Gt, r4(2.5), r4(1.5))), V::Logical(true));
    assert_eq!(eval1(bin(And, lg(true), lg(false))), V::Logical(false));
    assert_eq!(eval1(bin(Or, lg(true), lg(false))), V::Logical(true));
    assert_eq!(eval1(bin(Eqv, lg(false), lg(false))), V::Logical(true));
    assert_eq!(eval1(bin(Neqv, lg(true), lg(false))), V::Logical(true));
    assert_eq!(eval1(un(UnaryOp::Not, lg(true))), V::Logical(false));
    assert_eq!(eval1(un(UnaryOp::Neg, r8(0.0))), V::Real8(-0.0));
}

#[test]
fn scalar_initial_values() {
    let mut b = B::new();
    let x = b.scalar("x", Type::Real4);
    let k = b.scalar("k", Type::Int8);
    let z = b.scalar("z", Type::Logical);
    b.set_init(x, fscal_frontend::hir::Value::Real(1.5));
    let p = b.program(vec![]);
    let (_, state) = run_ok(&p);
    assert_eq!(scalar(&state, x), V::Real4(1.5));
    assert_eq!(scalar(&state, k), V::Int8(0));
    assert_eq!(scalar(&state, z), V::Logical(false));
}
