//! List-directed output (`print *`) against gfortran.
//!
//! Every expected string was produced by gfortran 12.2 from the Fortran
//! statement in the comment above the check; gfortran is not needed to run
//! these tests. `nan4`/`nan8` and `inf4`/`inf8` stand for
//! `ieee_value(x, ieee_quiet_nan)` and `ieee_value(x, ieee_positive_inf)`.

// The literals are the Fortran program's, digit for digit.
#![allow(clippy::approx_constant, clippy::excessive_precision)]

mod common;

use common::list;
use fscal_runtime::format::Item::*;

#[test]
fn list_directed() {
    // print *, 1, 2
    list(&[I32(1), I32(2)], "           1           2\n");
    // print *, (-2147483647)
    list(&[I32(-2147483647)], " -2147483647\n");
    // print *, 5_8, (-5_8)
    list(
        &[I64(5), I64(-5)],
        "                    5                   -5\n",
    );
    // print *, 9223372036854775807_8
    list(&[I64(9223372036854775807)], "  9223372036854775807\n");
    // print *, 1.0
    list(&[F32(1.0)], "   1.00000000    \n");
    // print *, 1.0e10, 1.0e-10
    list(
        &[F32(1.0e10), F32(1.0e-10)],
        "   1.00000000E+10   1.00000001E-10\n",
    );
    // print *, -1.0, 0.0, -0.0
    list(
        &[F32(-1.0), F32(0.0), F32(-0.0)],
        "  -1.00000000       0.00000000      -0.00000000    \n",
    );
    // print *, 0.1, 1.0/3.0
    list(
        &[F32(0.1), F32(1.0 / 3.0)],
        "  0.100000001      0.333333343    \n",
    );
    // print *, 1e7, 1e8, 1e9
    list(
        &[F32(1e7), F32(1e8), F32(1e9)],
        "   10000000.0       100000000.       1.00000000E+09\n",
    );
    // print *, 0.01, 123456789.0
    list(
        &[F32(0.01), F32(123456789.0)],
        "   9.99999978E-03   123456792.    \n",
    );
    // print *, huge(1.0), tiny(1.0)
    list(
        &[F32(f32::MAX), F32(f32::MIN_POSITIVE)],
        "   3.40282347E+38   1.17549435E-38\n",
    );
    // print *, 1.0d0, 1.0d0/3.0d0
    list(
        &[F64(1.0e0), F64(1.0e0 / 3.0e0)],
        "   1.0000000000000000       0.33333333333333331     \n",
    );
    // print *, 0.1d0, 1d10, 1d-10
    list(
        &[F64(0.1e0), F64(1e10), F64(1e-10)],
        "  0.10000000000000001        10000000000.000000        1.0000000000000000E-010\n",
    );
    // print *, -0.0d0, 0d0
    list(
        &[F64(-0.0e0), F64(0e0)],
        "  -0.0000000000000000        0.0000000000000000     \n",
    );
    // print *, 1d16, 1d17, -123.456d0
    list(
        &[F64(1e16), F64(1e17), F64(-123.456e0)],
        "   10000000000000000.        1.0000000000000000E+017  -123.45600000000000     \n",
    );
    // print *, huge(1d0), tiny(1d0)
    list(
        &[F64(f64::MAX), F64(f64::MIN_POSITIVE)],
        "   1.7976931348623157E+308   2.2250738585072014E-308\n",
    );
    // print *, nan4, inf4, -inf4
    list(
        &[F32(f32::NAN), F32(f32::INFINITY), F32(f32::NEG_INFINITY)],
        "              NaN         Infinity        -Infinity\n",
    );
    // print *, nan8, inf8, -inf8
    list(
        &[F64(f64::NAN), F64(f64::INFINITY), F64(f64::NEG_INFINITY)],
        "                       NaN                  Infinity                 -Infinity\n",
    );
    // print *, .true., .false., 1, .true.
    list(
        &[Bool(true), Bool(false), I32(1), Bool(true)],
        " T F           1 T\n",
    );
    // print *, 'x =', 1
    list(&[Str("x =".into()), I32(1)], " x =           1\n");
    // print *, 1, 'x'
    list(&[I32(1), Str("x".into())], "           1 x\n");
    // print *, 'a', 'b'
    list(&[Str("a".into()), Str("b".into())], " ab\n");
    // print *, 'a', .true., 'b'
    list(&[Str("a".into()), Bool(true), Str("b".into())], " a T b\n");
    // print *, 1.0, 'x', 2.0d0, 'y'
    list(
        &[F32(1.0), Str("x".into()), F64(2.0e0), Str("y".into())],
        "   1.00000000     x   2.0000000000000000      y\n",
    );
    // print *
    list(&[], "\n");
    // print *, ''
    list(&[Str("".into())], " \n");
    // print *, '', '', 3
    list(&[Str("".into()), Str("".into()), I32(3)], "            3\n");
    // print *, 'sum =', 2.5d0, 'and', (-7_8)
    list(
        &[Str("sum =".into()), F64(2.5e0), Str("and".into()), I64(-7)],
        " sum =   2.5000000000000000      and                   -7\n",
    );
    // print *, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30
    list(&[I32(1), I32(2), I32(3), I32(4), I32(5), I32(6), I32(7), I32(8), I32(9), I32(10), I32(11), I32(12), I32(13), I32(14), I32(15), I32(16), I32(17), I32(18), I32(19), I32(20), I32(21), I32(22), I32(23), I32(24), I32(25), I32(26), I32(27), I32(28), I32(29), I32(30)], "           1           2           3           4           5           6           7           8           9          10          11          12          13          14          15          16          17          18          19          20          21          22          23          24          25          26          27          28          29          30\n");
    // print *, 9.99999e8, 999999999.0, 0.09999999
    list(
        &[F32(9.99999e8), F32(999999999.0), F32(0.09999999)],
        "   999998976.       1.00000000E+09   9.99999866E-02\n",
    );
}
