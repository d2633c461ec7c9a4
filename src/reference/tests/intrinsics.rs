//! Elemental intrinsics, in both real precisions.

use fscal_frontend::hir::{Intrinsic::*, Type};

use super::build::*;
use crate::reference::Value as V;

fn f4(which: fscal_frontend::hir::Intrinsic, x: f32) -> V {
    eval1(call(which, vec![r4(x)], Type::Real4))
}
fn f8(which: fscal_frontend::hir::Intrinsic, x: f64) -> V {
    eval1(call(which, vec![r8(x)], Type::Real8))
}

#[test]
fn math_functions_use_the_precision_of_their_type() {
    let x4 = 0.7f32;
    let x8 = 0.7f64;
    type Pair = (fn(f32) -> f32, fn(f64) -> f64);
    let cases: [(_, Pair); 8] = [
        (Sqrt, (f32::sqrt, f64::sqrt)),
        (Exp, (f32::exp, f64::exp)),
        (Log, (f32::ln, f64::ln)),
        (Log10, (f32::log10, f64::log10)),
        (Sin, (f32::sin, f64::sin)),
        (Cos, (f32::cos, f64::cos)),
        (Tan, (f32::tan, f64::tan)),
        (Atan, (f32::atan, f64::atan)),
    ];
    for (which, (g4, g8)) in cases {
        assert_eq!(f4(which, x4), V::Real4(g4(x4)), "{which:?}");
        assert_eq!(f8(which, x8), V::Real8(g8(x8)), "{which:?}");
    }
    assert_eq!(
        eval1(call(Atan2, vec![r4(1.0), r4(-2.0)], Type::Real4)),
        V::Real4(1f32.atan2(-2.0))
    );
    assert_eq!(
        eval1(call(Atan2, vec![r8(1.0), r8(-2.0)], Type::Real8)),
        V::Real8(1f64.atan2(-2.0))
    );
}

#[test]
fn abs_of_each_type() {
    assert_eq!(eval1(call(Abs, vec![i4(-3)], Type::Int4)), V::Int4(3));
    assert_eq!(
        eval1(call(Abs, vec![i4(i32::MIN as i64)], Type::Int4)),
        V::Int4(i32::MIN)
    );
    assert_eq!(eval1(call(Abs, vec![i8(-3)], Type::Int8)), V::Int8(3));
    assert_eq!(f4(Abs, -1.25), V::Real4(1.25));
    assert_eq!(f8(Abs, -0.0), V::Real8(0.0));
}

#[test]
fn max_and_min_prefer_numbers_to_nan() {
    let nan = f64::NAN;
    let mx = |a: Vec<f64>| eval1(call(Max, a.into_iter().map(r8).collect(), Type::Real8));
    let mn = |a: Vec<f64>| eval1(call(Min, a.into_iter().map(r8).collect(), Type::Real8));
    assert_eq!(mx(vec![1.0, 3.0, 2.0]), V::Real8(3.0));
    assert_eq!(mn(vec![1.0, 3.0, -2.0]), V::Real8(-2.0));
    assert_eq!(mx(vec![nan, 1.0]), V::Real8(1.0));
    assert_eq!(mx(vec![1.0, nan]), V::Real8(1.0));
    assert_eq!(mn(vec![nan, 1.0, nan]), V::Real8(1.0));
    assert_eq!(
        eval1(call(Max, vec![i4(4), i4(-9), i4(7)], Type::Int4)),
        V::Int4(7)
    );
    assert_eq!(
        eval1(call(Min, vec![i8(4), i8(-9)], Type::Int8)),
        V::Int8(-9)
    );
    let m4 = eval1(call(Max, vec![r4(f32::NAN), r4(2.5)], Type::Real4));
    assert_eq!(m4, V::Real4(2.5));
}

#[test]
fn mod_takes_the_sign_of_a_modulo_the_sign_of_p() {
    let imod = |a, p| eval1(call(Mod, vec![i4(a), i4(p)], Type::Int4));
    let imodulo = |a, p| eval1(call(Modulo, vec![i4(a), i4(p)], Type::Int4));
    assert_eq!(imod(7, 3), V::Int4(1));
    assert_eq!(imod(-7, 3), V::Int4(-1));
    assert_eq!(imod(7, -3), V::Int4(1));
    assert_eq!(imodulo(-7, 3), V::Int4(2));
    assert_eq!(imodulo(7, -3), V::Int4(-2));
    assert_eq!(imodulo(-6, 3), V::Int4(0));
    assert_eq!(imod(i32::MIN as i64, -1), V::Int4(0));
    let rmod = |a, p| eval1(call(Mod, vec![r8(a), r8(p)], Type::Real8));
    let rmodulo = |a, p| eval1(call(Modulo, vec![r8(a), r8(p)], Type::Real8));
    assert_eq!(rmod(5.5, 2.0), V::Real8(1.5));
    assert_eq!(rmod(-5.5, 2.0), V::Real8(-1.5));
    assert_eq!(rmodulo(-5.5, 2.0), V::Real8(0.5));
    assert_eq!(rmodulo(5.5, -2.0), V::Real8(-0.5));
    assert_eq!(rmodulo(4.0, -2.0), V::Real8(-0.0));
    let m4 = eval1(call(Modulo, vec![r4(-0.3), r4(0.1)], Type::Real4));
    assert_eq!(m4, V::Real4((-0.3f32 % 0.1f32) + 0.1f32));
}

#[test]
fn sign_uses_the_sign_bit_of_b() {
    assert_eq!(
        eval1(call(Sign, vec![i4(3), i4(-1)], Type::Int4)),
        V::Int4(-3)
    );
    assert_eq!(
        eval1(call(Sign, vec![i4(-3), i4(0)], Type::Int4)),
        V::Int4(3)
    );
    assert_eq!(
        eval1(call(Sign, vec![i8(-3), i8(2)], Type::Int8)),
        V::Int8(3)
    );
    assert_eq!(
        eval1(call(Sign, vec![r8(1.0), r8(-0.0)], Type::Real8)),
        V::Real8(-1.0)
    );
    assert_eq!(
        eval1(call(Sign, vec![r4(-2.0), r4(0.0)], Type::Real4)),
        V::Real4(2.0)
    );
}

#[test]
fn conversions_to_integer() {
    let to = |which, x: f64, ty| eval1(call(which, vec![r8(x)], ty));
    assert_eq!(to(Int, -2.7, Type::Int4), V::Int4(-2));
    assert_eq!(to(Nint, 2.5, Type::Int4), V::Int4(3));
    assert_eq!(to(Nint, -2.5, Type::Int4), V::Int4(-3));
    assert_eq!(to(Nint, 2.4999, Type::Int8), V::Int8(2));
    assert_eq!(to(Floor, -2.5, Type::Int4), V::Int4(-3));
    assert_eq!(to(Ceiling, -2.5, Type::Int4), V::Int4(-2));
    assert_eq!(to(Ceiling, 2.1, Type::Int8), V::Int8(3));
    assert_eq!(to(Nint, 1e30, Type::Int4), V::Int4(i32::MAX));
    assert_eq!(eval1(call(Nint, vec![r4(0.5)], Type::Int4)), V::Int4(1));
    assert_eq!(
        eval1(call(Int, vec![i8(1 << 33 | 5)], Type::Int4)),
        V::Int4(5)
    );
}

#[test]
fn real_converts() {
    assert_eq!(eval1(call(Real, vec![i4(3)], Type::Real4)), V::Real4(3.0));
    assert_eq!(eval1(call(Real, vec![r8(0.1)], Type::Real4)), V::Real4(0.1));
    assert_eq!(
        eval1(call(Real, vec![r4(0.1)], Type::Real8)),
        V::Real8(0.1f32 as f64)
    );
}

#[test]
fn intrinsics_are_elemental_and_broadcast() {
    let mut b = B::new();
    let a = b.array("a", Type::Int4, &[(1, 4)]);
    let m = b.array("m", Type::Int4, &[(1, 4)]);
    let mask = ctor(
        vec![
            item(lg(true)),
            item(lg(false)),
            item(lg(false)),
            item(lg(true)),
        ],
        Type::Logical,
    );
    let p = b.program(vec![
        assign(b.var(a), ivec(&[-1, 5, -7, 2])),
        assign(
            b.var(m),
            call(Merge, vec![b.var(a), i4(0), mask], Type::Int4),
        ),
        assign(
            b.var(a),
            call(Max, vec![b.var(a), i4(0), ivec(&[9, 1, 1, 1])], Type::Int4),
        ),
    ]);
    let (_, state) = run_ok(&p);
    assert_eq!(ints(&state, m), [-1, 0, 0, 2]);
    assert_eq!(ints(&state, a), [9, 5, 1, 2]);
}

#[test]
fn merge_on_scalars() {
    assert_eq!(
        eval1(call(Merge, vec![r8(1.0), r8(2.0), lg(false)], Type::Real8)),
        V::Real8(2.0)
    );
}
