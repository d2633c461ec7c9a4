//! Data edit descriptors against gfortran.
//!
//! Every expected string was produced by gfortran 12.2 from the Fortran
//! statement in the comment above the check; gfortran is not needed to run
//! these tests. `nan4`/`nan8` and `inf4`/`inf8` stand for
//! `ieee_value(x, ieee_quiet_nan)` and `ieee_value(x, ieee_positive_inf)`.

// The literals are the Fortran program's, digit for digit.
#![allow(clippy::approx_constant, clippy::excessive_precision)]

mod common;

use common::check;
use fscal_runtime::format::Item::*;

#[test]
fn integer_editing() {
    // print '(i5)', 42
    check("(i5)", &[I32(42)], "   42\n");
    // print '(i5.3)', 42
    check("(i5.3)", &[I32(42)], "  042\n");
    // print '(i5.3)', (-42)
    check("(i5.3)", &[I32(-42)], " -042\n");
    // print '(i3)', 1234
    check("(i3)", &[I32(1234)], "***\n");
    // print '(i0)', (-1234)
    check("(i0)", &[I32(-1234)], "-1234\n");
    // print '(i5.0)', 0
    check("(i5.0)", &[I32(0)], "     \n");
    // print '(i0.0)', 0
    check("(i0.0)", &[I32(0)], " \n");
    // print '(i0.5)', 42
    check("(i0.5)", &[I32(42)], "00042\n");
    // print '(sp,i5)', 42
    check("(sp,i5)", &[I32(42)], "  +42\n");
    // print '(sp, i3, ss, i3, s, i3)', 1, 2, 3
    check(
        "(sp, i3, ss, i3, s, i3)",
        &[I32(1), I32(2), I32(3)],
        " +1  2  3\n",
    );
    // print '(i0, 1x, i0)', 2147483647, (-2147483647-1)
    check(
        "(i0, 1x, i0)",
        &[I32(2147483647), I32(i32::MIN)],
        "2147483647 -2147483648\n",
    );
    // print '(i20)', (-9223372036854775807_8-1)
    check("(i20)", &[I64(i64::MIN)], "-9223372036854775808\n");
    // print '(b8)', 42
    check("(b8)", &[I32(42)], "  101010\n");
    // print '(o8)', 42
    check("(o8)", &[I32(42)], "      52\n");
    // print '(z8)', 42
    check("(z8)", &[I32(42)], "      2A\n");
    // print '(b0)', 42
    check("(b0)", &[I32(42)], "101010\n");
    // print '(z0)', (-1)
    check("(z0)", &[I32(-1)], "FFFFFFFF\n");
    // print '(z0)', (-1_8)
    check("(z0)", &[I64(-1)], "FFFFFFFFFFFFFFFF\n");
    // print '(b12.10)', 5
    check("(b12.10)", &[I32(5)], "  0000000101\n");
    // print '(g0)', 42
    check("(g0)", &[I32(42)], "42\n");
    // print '(g8.3)', 42
    check("(g8.3)", &[I32(42)], "      42\n");
    // print '(i1)', (-1)
    check("(i1)", &[I32(-1)], "*\n");
    // print '(i2)', (-1)
    check("(i2)", &[I32(-1)], "-1\n");
}

#[test]
fn f_editing() {
    // print '(f8.3)', 3.14159
    check("(f8.3)", &[F32(3.14159)], "   3.142\n");
    // print '(f8.3)', -0.0005
    check("(f8.3)", &[F32(-0.0005)], "  -0.001\n");
    // print '(f4.3)', 0.5
    check("(f4.3)", &[F32(0.5)], ".500\n");
    // print '(f5.3)', 0.5
    check("(f5.3)", &[F32(0.5)], "0.500\n");
    // print '(f5.3)', -0.5
    check("(f5.3)", &[F32(-0.5)], "-.500\n");
    // print '(f5.0)', 2.5
    check("(f5.0)", &[F32(2.5)], "   2.\n");
    // print '(f5.0)', 3.5
    check("(f5.0)", &[F32(3.5)], "   4.\n");
    // print '(f5.0)', 0.5
    check("(f5.0)", &[F32(0.5)], "   0.\n");
    // print '(f5.1)', 0.25
    check("(f5.1)", &[F32(0.25)], "  0.2\n");
    // print '(f5.1)', 0.35
    check("(f5.1)", &[F32(0.35)], "  0.3\n");
    // print '(f0.3)', 3.14159
    check("(f0.3)", &[F32(3.14159)], "3.142\n");
    // print '(f0.3)', -0.14159
    check("(f0.3)", &[F32(-0.14159)], "-.142\n");
    // print '(f0.0)', 0.4
    check("(f0.0)", &[F32(0.4)], "0.\n");
    // print '(f0.1)', -0.04
    check("(f0.1)", &[F32(-0.04)], "-.0\n");
    // print '(f3.1)', 12.5
    check("(f3.1)", &[F32(12.5)], "***\n");
    // print '(f1.0)', 0.4
    check("(f1.0)", &[F32(0.4)], "*\n");
    // print '(f2.0)', -0.4
    check("(f2.0)", &[F32(-0.4)], "**\n");
    // print '(f2.1)', 0.04
    check("(f2.1)", &[F32(0.04)], ".0\n");
    // print '(f6.2)', 99.999
    check("(f6.2)", &[F32(99.999)], "100.00\n");
    // print '(f10.3)', -0.0
    check("(f10.3)", &[F32(-0.0)], "    -0.000\n");
    // print '(f40.2)', 1d30
    check(
        "(f40.2)",
        &[F64(1e30)],
        "      1000000000000000019884624838656.00\n",
    );
    // print '(f40.2)', 1e30
    check(
        "(f40.2)",
        &[F32(1e30)],
        "      1000000015047466219876688855040.00\n",
    );
    // print '(f50.40)', 0.1d0
    check(
        "(f50.40)",
        &[F64(0.1e0)],
        "        0.1000000000000000055511151231257827021182\n",
    );
    // print '(f50.40)', 0.1
    check(
        "(f50.40)",
        &[F32(0.1)],
        "        0.1000000014901161193847656250000000000000\n",
    );
    // print '(sp,f6.2)', 1.5
    check("(sp,f6.2)", &[F32(1.5)], " +1.50\n");
    // print '(2p, f8.3)', 1.5
    check("(2p, f8.3)", &[F32(1.5)], " 150.000\n");
    // print '(-1p, f8.3)', 1.5
    check("(-1p, f8.3)", &[F32(1.5)], "   0.150\n");
    // print '(dc, f8.3)', 1.5
    check("(dc, f8.3)", &[F32(1.5)], "   1,500\n");
    // print '(f8.2, f3.0, f4.0, f0.2)', inf4, inf4, -inf4, inf4
    check(
        "(f8.2, f3.0, f4.0, f0.2)",
        &[
            F32(f32::INFINITY),
            F32(f32::INFINITY),
            F32(f32::NEG_INFINITY),
            F32(f32::INFINITY),
        ],
        "InfinityInf-InfInf\n",
    );
    // print '(f8.2, f3.0, f2.0)', nan4, nan4, nan4
    check(
        "(f8.2, f3.0, f2.0)",
        &[F32(f32::NAN), F32(f32::NAN), F32(f32::NAN)],
        "     NaNNaN**\n",
    );
    // print '(sp, f8.2, f4.0, f9.0, f0.2)', inf8, inf8, inf8, inf8
    check(
        "(sp, f8.2, f4.0, f9.0, f0.2)",
        &[
            F64(f64::INFINITY),
            F64(f64::INFINITY),
            F64(f64::INFINITY),
            F64(f64::INFINITY),
        ],
        "    +Inf+Inf+Infinity+Inf\n",
    );
    // print '(f12.5)', 2.675d0
    check("(f12.5)", &[F64(2.675e0)], "     2.67500\n");
    // print '(f6.1)', 0.05d0
    check("(f6.1)", &[F64(0.05e0)], "   0.1\n");
}

#[test]
fn e_es_en_d_editing() {
    // print '(e12.4)', 3.14159
    check("(e12.4)", &[F32(3.14159)], "  0.3142E+01\n");
    // print '(e12.4)', -3.14159e-5
    check("(e12.4)", &[F32(-3.14159e-5)], " -0.3142E-04\n");
    // print '(e12.4e3)', 3.14159e10
    check("(e12.4e3)", &[F32(3.14159e10)], " 0.3142E+011\n");
    // print '(e10.4)', 3.14159
    check("(e10.4)", &[F32(3.14159)], "0.3142E+01\n");
    // print '(e9.3)', 1.5
    check("(e9.3)", &[F32(1.5)], "0.150E+01\n");
    // print '(e8.3)', 1.5
    check("(e8.3)", &[F32(1.5)], ".150E+01\n");
    // print '(e8.3)', -1.5
    check("(e8.3)", &[F32(-1.5)], "********\n");
    // print '(e15.4)', 1d100
    check("(e15.4)", &[F64(1e100)], "     0.1000+101\n");
    // print '(e15.4)', 1d-100
    check("(e15.4)", &[F64(1e-100)], "     0.1000E-99\n");
    // print '(e15.4e1)', 1d100
    check("(e15.4e1)", &[F64(1e100)], "***************\n");
    // print '(e12.3)', 0.0
    check("(e12.3)", &[F32(0.0)], "   0.000E+00\n");
    // print '(e10.3)', -0.0
    check("(e10.3)", &[F32(-0.0)], "-0.000E+00\n");
    // print '(e12.4e0)', 1.5
    check("(e12.4e0)", &[F32(1.5)], "   0.1500E+1\n");
    // print '(e0.3)', 1.0
    check("(e0.3)", &[F32(1.0)], "0.100E+1\n");
    // print '(e0.3)', 0.5
    check("(e0.3)", &[F32(0.5)], "0.500\n");
    // print '(e0.12)', 49.49599838
    check("(e0.12)", &[F32(49.49599838)], ".494959983826E+2\n");
    // print '(es12.4)', 3.14159
    check("(es12.4)", &[F32(3.14159)], "  3.1416E+00\n");
    // print '(es12.3)', 9.9996
    check("(es12.3)", &[F32(9.9996)], "   1.000E+01\n");
    // print '(es12.3)', 0.0
    check("(es12.3)", &[F32(0.0)], "   0.000E+00\n");
    // print '(es10.0)', 2.5
    check("(es10.0)", &[F32(2.5)], "    2.E+00\n");
    // print '(es0.3)', 0.0
    check("(es0.3)", &[F32(0.0)], "0.000\n");
    // print '(es0.3)', 0.5
    check("(es0.3)", &[F32(0.5)], "5.000E-1\n");
    // print '(en12.4)', 31415.9
    check("(en12.4)", &[F32(31415.9)], " 31.4159E+03\n");
    // print '(en12.4)', 0.0314159
    check("(en12.4)", &[F32(0.0314159)], " 31.4159E-03\n");
    // print '(en12.3)', 999.96
    check("(en12.3)", &[F32(999.96)], " 999.960E+00\n");
    // print '(en12.3)', 999.9996
    check("(en12.3)", &[F32(999.9996)], "   1.000E+03\n");
    // print '(en12.3)', 0.0
    check("(en12.3)", &[F32(0.0)], "   0.000E+00\n");
    // print '(en12.3)', 0.1
    check("(en12.3)", &[F32(0.1)], " 100.000E-03\n");
    // print '(en0.3)', 1.5e5
    check("(en0.3)", &[F32(1.5e5)], "150.000E+3\n");
    // print '(d12.3)', 1.5
    check("(d12.3)", &[F32(1.5)], "   0.150D+01\n");
    // print '(d25.16)', 1d0/3d0
    check("(d25.16)", &[F64(1.0 / 3.0)], "   0.3333333333333333D+00\n");
    // print '(-1p, e12.4)', 1.5
    check("(-1p, e12.4)", &[F32(1.5)], "  0.0150E+02\n");
    // print '(2p, e12.4)', 1.5
    check("(2p, e12.4)", &[F32(1.5)], "  15.000E-01\n");
    // print '(4p, e12.4)', 1.5
    check("(4p, e12.4)", &[F32(1.5)], "  1500.0E-03\n");
    // print '(5p, e12.4)', 1.5
    check("(5p, e12.4)", &[F32(1.5)], "  15000.E-04\n");
    // print '(-3p, e12.4)', 1.5
    check("(-3p, e12.4)", &[F32(1.5)], "  0.0002E+04\n");
    // print '(1p, e12.0)', 1.5
    check("(1p, e12.0)", &[F32(1.5)], "      2.E+00\n");
    // print '(sp, e12.3)', 1.5
    check("(sp, e12.3)", &[F32(1.5)], "  +0.150E+01\n");
    // print '(e10.2, g10.2)', inf4, -inf4
    check(
        "(e10.2, g10.2)",
        &[F32(f32::INFINITY), F32(f32::NEG_INFINITY)],
        "  Infinity -Infinity\n",
    );
    // print '(e3.1, e4.1, e8.1, e9.1)', -inf8, -inf8, -inf8, -inf8
    check(
        "(e3.1, e4.1, e8.1, e9.1)",
        &[
            F64(f64::NEG_INFINITY),
            F64(f64::NEG_INFINITY),
            F64(f64::NEG_INFINITY),
            F64(f64::NEG_INFINITY),
        ],
        "***-Inf    -Inf-Infinity\n",
    );
}

#[test]
fn g_editing() {
    // print '(g12.4)', 3.14159
    check("(g12.4)", &[F32(3.14159)], "   3.142    \n");
    // print '(g12.4)', 3141592.
    check("(g12.4)", &[F32(3141592.)], "  0.3142E+07\n");
    // print '(g12.4)', 0.0314159
    check("(g12.4)", &[F32(0.0314159)], "  0.3142E-01\n");
    // print '(g12.4)', 0.0
    check("(g12.4)", &[F32(0.0)], "   0.000    \n");
    // print '(g10.3)', -0.0
    check("(g10.3)", &[F32(-0.0)], " -0.00    \n");
    // print '(g12.3)', 9.9996
    check("(g12.3)", &[F32(9.9996)], "    10.0    \n");
    // print '(g12.3)', 999.6
    check("(g12.3)", &[F32(999.6)], "   0.100E+04\n");
    // print '(g12.3)', 999.4
    check("(g12.3)", &[F32(999.4)], "    999.    \n");
    // print '(g12.3)', 0.09996
    check("(g12.3)", &[F32(0.09996)], "   0.100    \n");
    // print '(g12.3)', 0.09994
    check("(g12.3)", &[F32(0.09994)], "   0.999E-01\n");
    // print '(g12.3)', 0.1
    check("(g12.3)", &[F32(0.1)], "   0.100    \n");
    // print '(g12.3)', 1e-30
    check("(g12.3)", &[F32(1e-30)], "   0.100E-29\n");
    // print '(g12.3e4)', 1.0
    check("(g12.3e4)", &[F32(1.0)], "  1.00      \n");
    // print '(g5.1)', 1.0
    check("(g5.1)", &[F32(1.0)], "*****\n");
    // print '(g15.7)', 123456.75d0
    check("(g15.7)", &[F64(123456.75e0)], "   123456.8    \n");
    // print '(g15.7)', 9999999.5d0
    check("(g15.7)", &[F64(9999999.5e0)], "  0.1000000E+08\n");
    // print '(1p, g12.4)', 1.5
    check("(1p, g12.4)", &[F32(1.5)], "   1.500    \n");
    // print '(1p, g12.4)', 1.5e10
    check("(1p, g12.4)", &[F32(1.5e10)], "  1.5000E+10\n");
    // print '(g0)', 1.0
    check("(g0)", &[F32(1.0)], "1.00000000\n");
    // print '(g0)', 1.0d0
    check("(g0)", &[F64(1.0e0)], "1.0000000000000000\n");
    // print '(g0)', -5.5
    check("(g0)", &[F32(-5.5)], "-5.50000000\n");
    // print '(g0)', 1e20
    check("(g0)", &[F32(1e20)], "0.100000002E+21\n");
    // print '(g0)', 0.0
    check("(g0)", &[F32(0.0)], "0.00000000\n");
    // print '(g0)', 1d300
    check("(g0)", &[F64(1e300)], "0.10000000000000001E+301\n");
    // print '(g0)', 1d-20
    check("(g0)", &[F64(1e-20)], "0.99999999999999995E-20\n");
    // print '(g0.3)', 3.14159
    check("(g0.3)", &[F32(3.14159)], "3.14\n");
    // print '(g0.3)', 0.0
    check("(g0.3)", &[F32(0.0)], "0.00\n");
    // print '(g0.5)', 1e-5
    check("(g0.5)", &[F32(1e-5)], "0.10000E-4\n");
    // print '(g0.14)', -1.5e20
    check("(g0.14)", &[F32(-1.5e20)], "-.15000000300613E+21\n");
    // print '(1p, g0)', 1.5e20
    check("(1p, g0)", &[F32(1.5e20)], "1.50000003E+20\n");
    // print '(-1p, g0)', 1.5e20
    check("(-1p, g0)", &[F32(1.5e20)], "0.015000000E+22\n");
    // print '(g0)', inf4
    check("(g0)", &[F32(f32::INFINITY)], "Inf\n");
    // print '(sp, g0)', inf4
    check("(sp, g0)", &[F32(f32::INFINITY)], "+Inf\n");
    // print '(g0)', nan8
    check("(g0)", &[F64(f64::NAN)], "NaN\n");
    // print '(g0)', .true.
    check("(g0)", &[Bool(true)], "T\n");
    // print '(g0)', 'abc'
    check("(g0)", &[Str("abc".into())], "abc\n");
    // print '(g8.3)', .true.
    check("(g8.3)", &[Bool(true)], "       T\n");
    // print '(g8.3)', 'ab'
    check("(g8.3)", &[Str("ab".into())], "      ab\n");
    // print '(g0, g0)', 1, 2
    check("(g0, g0)", &[I32(1), I32(2)], "12\n");
}

#[test]
fn logical_and_character_editing() {
    // print '(l3)', .true.
    check("(l3)", &[Bool(true)], "  T\n");
    // print '(l1, l2)', .false., .true.
    check("(l1, l2)", &[Bool(false), Bool(true)], "F T\n");
    // print '(l)', .true.
    check("(l)", &[Bool(true)], "T\n");
    // print '(a)', 'hello'
    check("(a)", &[Str("hello".into())], "hello\n");
    // print '(a3)', 'hello'
    check("(a3)", &[Str("hello".into())], "hel\n");
    // print '(a7)', 'hello'
    check("(a7)", &[Str("hello".into())], "  hello\n");
    // print '(a, a)', 'con', 'cat'
    check(
        "(a, a)",
        &[Str("con".into()), Str("cat".into())],
        "concat\n",
    );
    // print '(l3)', 42
    check("(l3)", &[I32(42)], "  T\n");
    // print '(l3)', 0
    check("(l3)", &[I32(0)], "  F\n");
}

#[test]
fn gnu_extensions_and_odd_widths() {
    // print '(z8)', 1.0
    check("(z8)", &[F32(1.0)], "3F800000\n");
    // print '(z0)', -1.0d0
    check("(z0)", &[F64(-1.0)], "BFF0000000000000\n");
    // print '(b0)', .true.
    check("(b0)", &[Bool(true)], "1\n");
    // print '(o0)', .false.
    check("(o0)", &[Bool(false)], "0\n");
    // print '(l2)', 0.0
    check("(l2)", &[F32(0.0)], " F\n");
    // print '(l2)', -0.0
    check("(l2)", &[F32(-0.0)], " T\n");
    // print '(l3)', 'ab'
    check("(l3)", &[Str("ab".into())], "  T\n");
    // print '(f3.99999)', 1.5
    check("(f3.99999)", &[F32(1.5)], "***\n");
    // print '(x, i1)', 42
    check("(x, i1)", &[I32(42)], " *\n");
    // print '((i1)))', 42
    check("((i1)))", &[I32(42)], "*\n");
    // print '(es12.0)', 1.5
    check("(es12.0)", &[F32(1.5)], "      2.E+00\n");
    // print '(en12.0)', 1.5
    check("(en12.0)", &[F32(1.5)], "      2.E+00\n");
    // print '(+1p, f5.1)', 1.5
    check("(+1p, f5.1)", &[F32(1.5)], " 15.0\n");
}
