//! Operators and conversions with the edge cases the loop IR documents.

mod common;

use common::*;
use fscal_scalarizer::ir::*;

/// Print `items` from a program that first sets local `x` of type `ty` to
/// `x0`, so that operands are not compile-time constants.
fn eval(ty: ScalarTy, x0: Expr, items: fn(Expr) -> Vec<Expr>) -> Vec<String> {
    let mut ir = LoopIr::default();
    let x = ir.add_local("x", ty);
    ir.body.push(Stmt::Set(x, x0));
    push_print(&mut ir, items(local(x)));
    run(&ir)
}

#[test]
fn division_by_minus_one_does_not_trap() {
    let out = eval(ScalarTy::I32, i32c(-1), |m1| {
        let min = i32c(i32::MIN);
        vec![
            bin(BinOp::Div, min.clone(), m1.clone()),
            bin(BinOp::Rem, min.clone(), m1.clone()),
            bin(BinOp::Div, min.clone(), i32c(-1)),
            bin(BinOp::Rem, min, i32c(-1)),
            bin(BinOp::Div, i32c(7), m1),
        ]
    });
    let min = i32::MIN.to_string();
    assert_eq!(out, [min.as_str(), "0", &min, "0", "-7"]);
    let out = eval(ScalarTy::I64, i64c(-1), |m1| {
        vec![
            bin(BinOp::Div, i64c(i64::MIN), m1.clone()),
            bin(BinOp::Rem, i64c(i64::MIN), m1),
        ]
    });
    assert_eq!(out, [i64::MIN.to_string(), "0".to_string()]);
}

#[test]
fn truncating_division_and_remainder() {
    let out = eval(ScalarTy::I64, i64c(-7), |x| {
        vec![
            bin(BinOp::Div, x.clone(), i64c(2)),
            bin(BinOp::Rem, x.clone(), i64c(2)),
            bin(BinOp::Div, i64c(7), bin(BinOp::Add, x.clone(), i64c(5))),
            bin(BinOp::Rem, i64c(7), bin(BinOp::Add, x, i64c(5))),
        ]
    });
    assert_eq!(out, ["-3", "-1", "-3", "1"]);
}

#[test]
fn integer_min_max_abs_sign() {
    let out = eval(ScalarTy::I32, i32c(-5), |x| {
        vec![
            bin(BinOp::Min, x.clone(), i32c(3)),
            bin(BinOp::Max, x.clone(), i32c(3)),
            un(UnOp::Abs, x.clone()),
            un(UnOp::Neg, x.clone()),
            bin(BinOp::CopySign, x.clone(), i32c(0)),
            bin(BinOp::CopySign, i32c(4), x.clone()),
            bin(BinOp::CopySign, x, i32c(-1)),
        ]
    });
    assert_eq!(out, ["-5", "3", "5", "5", "5", "-4", "-5"]);
}

#[test]
fn float_min_max_ignore_nan() {
    let out = eval(ScalarTy::F64, f64c(f64::NAN), |nan| {
        vec![
            bin(BinOp::Min, nan.clone(), f64c(2.0)),
            bin(BinOp::Min, f64c(2.0), nan.clone()),
            bin(BinOp::Max, nan.clone(), f64c(-2.0)),
            bin(BinOp::Max, f64c(-2.0), nan),
            bin(BinOp::Min, f64c(1.5), f64c(-2.5)),
            bin(BinOp::Max, f64c(1.5), f64c(-2.5)),
        ]
    });
    assert_eq!(floats(&out), [2.0, 2.0, -2.0, -2.0, -2.5, 1.5]);
}

#[test]
fn float_comparisons_with_nan() {
    let out = eval(ScalarTy::F32, f32c(f32::NAN), |nan| {
        vec![
            cmp(CmpOp::Eq, nan.clone(), nan.clone()),
            cmp(CmpOp::Ne, nan.clone(), nan.clone()),
            cmp(CmpOp::Lt, nan.clone(), f32c(1.0)),
            cmp(CmpOp::Ge, nan, f32c(1.0)),
            cmp(CmpOp::Le, f32c(1.0), f32c(1.0)),
        ]
    });
    assert_eq!(out, ["F", "T", "F", "F", "T"]);
}

#[test]
fn float_unary_and_sign() {
    let out = eval(ScalarTy::F64, f64c(-2.5), |x| {
        vec![
            un(UnOp::Abs, x.clone()),
            un(UnOp::Neg, x.clone()),
            un(UnOp::Floor, x.clone()),
            un(UnOp::Ceil, x.clone()),
            un(UnOp::Trunc, x.clone()),
            un(
                UnOp::Sqrt,
                un(UnOp::Abs, bin(BinOp::Mul, x.clone(), f64c(10.0))),
            ),
            bin(BinOp::CopySign, f64c(3.0), x.clone()),
            bin(BinOp::Rem, f64c(7.5), x),
        ]
    });
    assert_eq!(floats(&out), [2.5, 2.5, -3.0, -2.0, -2.0, 5.0, -3.0, 0.0]);
}

#[test]
fn conversions() {
    let out = eval(ScalarTy::F64, f64c(-3.75), |x| {
        vec![
            conv(ScalarTy::I32, x.clone()),
            conv(ScalarTy::I64, x.clone()),
            conv(ScalarTy::I64, bin(BinOp::Mul, x.clone(), f64c(1e300))),
            conv(ScalarTy::I32, f64c(f64::NAN)),
            conv(ScalarTy::F64, conv(ScalarTy::F32, x.clone())),
            conv(
                ScalarTy::I32,
                conv(ScalarTy::I64, conv(ScalarTy::I32, x.clone())),
            ),
            conv(ScalarTy::I32, i64c((1 << 32) + 5)),
            conv(ScalarTy::F64, i32c(-7)),
            conv(ScalarTy::I64, cmp(CmpOp::Lt, x.clone(), f64c(0.0))),
            conv(ScalarTy::I32, cmp(CmpOp::Gt, x, f64c(0.0))),
        ]
    });
    let expect = [
        "-3",
        "-3",
        &i64::MIN.to_string(),
        "0",
        "-3.75",
        "-3",
        "5",
        "-7",
        "1",
        "0",
    ];
    assert_eq!(floats(&out), floats(&expect.map(String::from)));
}

#[test]
fn wrapping_integer_arithmetic() {
    let out = eval(ScalarTy::I32, i32c(i32::MAX), |x| {
        vec![
            bin(BinOp::Add, x.clone(), i32c(1)),
            bin(BinOp::Mul, x.clone(), i32c(2)),
            un(UnOp::Neg, i32c(i32::MIN)),
        ]
    });
    assert_eq!(
        out,
        [i32::MIN.to_string(), "-2".into(), i32::MIN.to_string()]
    );
}

#[test]
fn runtime_math_calls() {
    let out = eval(ScalarTy::F64, f64c(0.0), |x| {
        vec![
            Expr::Call(RtFn::MathF64(MathFn::Cos), vec![x.clone()]),
            Expr::Call(RtFn::MathF64(MathFn::Exp), vec![x.clone()]),
            Expr::Call(RtFn::PowiF64, vec![f64c(2.0), i32c(10)]),
            Expr::Call(RtFn::PowI64, vec![i64c(3), i64c(4)]),
            Expr::Call(RtFn::PowI32, vec![i32c(-2), i32c(3)]),
            Expr::Call(RtFn::NintF64, vec![f64c(-2.5)]),
            Expr::Call(RtFn::Atan2F64, vec![x, f64c(1.0)]),
            Expr::Call(RtFn::MathF32(MathFn::Sin), vec![f32c(0.0)]),
        ]
    });
    assert_eq!(floats(&out), [1.0, 1.0, 1024.0, 81.0, -8.0, -3.0, 0.0, 0.0]);
}

/// Select evaluates both arms (pure) and picks by the condition.
#[test]
fn select_of_floats() {
    let out = eval(ScalarTy::F32, f32c(1.5), |x| {
        let c = cmp(CmpOp::Gt, x.clone(), f32c(1.0));
        vec![Expr::Select(Box::new(c), Box::new(x), Box::new(f32c(0.0)))]
    });
    assert_eq!(floats(&out), [1.5]);
}
