//! Run-time format errors against gfortran.
//!
//! Each expected message is the text gfortran 12.2 printed after "Fortran
//! runtime error: " for the statement in the comment (with the format in a
//! character variable, so that gfortran does not reject it at compile time);
//! the last argument is what gfortran had written to stdout before stopping.

mod common;

use common::error;
use fscal_runtime::format::Item::*;

#[test]
fn gfortran_format_errors() {
    // print '(f5.1)', 42
    error(
        "(f5.1)",
        &[I32(42)],
        "Expected REAL for item 1 in formatted transfer, got INTEGER",
        "",
    );
    // print '(i5)', 1.5
    error(
        "(i5)",
        &[F32(1.5)],
        "Expected INTEGER for item 1 in formatted transfer, got REAL",
        "",
    );
    // print '(i5)', .true.
    error(
        "(i5)",
        &[Bool(true)],
        "Expected INTEGER for item 1 in formatted transfer, got LOGICAL",
        "",
    );
    // print '(i5)', 'ab'
    error(
        "(i5)",
        &[Str("ab".into())],
        "Expected INTEGER for item 1 in formatted transfer, got CHARACTER",
        "",
    );
    // print '(e12.4)', 1.5d0, 3_8
    error(
        "(e12.4)",
        &[F64(1.5e0), I64(3)],
        "Expected REAL for item 2 in formatted transfer, got INTEGER",
        "  0.1500E+01\n",
    );
    // print '(i3, f5.1)', 1, 2
    error(
        "(i3, f5.1)",
        &[I32(1), I32(2)],
        "Expected REAL for item 2 in formatted transfer, got INTEGER",
        "",
    );
    // print '(i3, /, f5.1)', 1, 2
    error(
        "(i3, /, f5.1)",
        &[I32(1), I32(2)],
        "Expected REAL for item 2 in formatted transfer, got INTEGER",
        "  1\n",
    );
    // print '(i3, 2("x"))', 1, 2
    error(
        r#"(i3, 2("x"))"#,
        &[I32(1), I32(2)],
        "Insufficient data descriptors in format after reversion",
        "  1xx\n",
    );
    // print '("abc")', 1
    error(
        r#"("abc")"#,
        &[I32(1)],
        "Insufficient data descriptors in format after reversion",
        "",
    );
    // print '()', 1
    error(
        "()",
        &[I32(1)],
        "Insufficient data descriptors in format after reversion",
        "",
    );
    // print '(1p)', 1
    error(
        "(1p)",
        &[I32(1)],
        "Insufficient data descriptors in format after reversion",
        "",
    );
    // print '(i)', 1
    error("(i)", &[I32(1)], "Nonnegative width required in format", "");
    // print '(f5.1', 1.5
    error("(f5.1", &[F32(1.5)], "Unexpected end of format string", "");
    // print 'i5)', 1
    error(
        "i5)",
        &[I32(1)],
        "Missing initial left parenthesis in format",
        "",
    );
    // print '(q5)', 1
    error("(q5)", &[I32(1)], "Unexpected element 'Q' in format", "");
    // print '(f5)', 1.5
    error("(f5)", &[F32(1.5)], "Period required in format", "");
    // print '(g12)', 1.5
    error("(g12)", &[F32(1.5)], "Period required in format", "");
    // print '(e12.0)', 1.5
    error(
        "(e12.0)",
        &[F32(1.5)],
        "Scale factor out of range in format specifier 'E' or 'D'",
        "",
    );
    // print '(-4p, e12.4)', 1.5
    error(
        "(-4p, e12.4)",
        &[F32(1.5)],
        "Scale factor out of range in format specifier 'E' or 'D'",
        "",
    );
    // print '(g12.0)', 1.5
    error(
        "(g12.0)",
        &[F32(1.5)],
        "Scale factor out of range in format specifier 'E' or 'D'",
        "",
    );
    // print '(a0)', 'ab'
    error(
        "(a0)",
        &[Str("ab".into())],
        "Zero width in format descriptor",
        "",
    );
    // print '(i3, "abc)', 1
    error(
        r#"(i3, "abc)"#,
        &[I32(1)],
        "Unterminated character constant in format",
        "",
    );
    // print '(,i3)', 1
    error("(,i3)", &[I32(1)], "Unexpected element ',' in format", "");
    // print '(i3,,i4)', 1
    error(
        "(i3,,i4)",
        &[I32(1)],
        "Unexpected element ',' in format",
        "",
    );
    // print '(0i3)', 1
    error(
        "(0i3)",
        &[I32(1)],
        "Expected P edit descriptor in format",
        "",
    );
    // print '(t0, i1)', 1
    error(
        "(t0, i1)",
        &[I32(1)],
        "Positive integer required in format",
        "",
    );
    // print '(p, i3)', 1
    error(
        "(p, i3)",
        &[I32(1)],
        "P descriptor requires leading scale factor",
        "",
    );
    // print '(i3.5)', 1
    error(
        "(i3.5)",
        &[I32(1)],
        "Minimum digits exceeds field width",
        "",
    );
    // print '(*("x"))', 1
    error(
        r#"(*("x"))"#,
        &[I32(1)],
        "'*' requires at least one associated data descriptor",
        "",
    );
    // print '(2*(i3))', 1
    error(
        "(2*(i3))",
        &[I32(1)],
        "Unexpected element '*' in format",
        "",
    );
    // print '(i5.2.3)', 1
    error(
        "(i5.2.3)",
        &[I32(1)],
        "Unexpected element '.' in format",
        "",
    );
    // print '(l0.3)', .true.
    error(
        "(l0.3)",
        &[Bool(true)],
        "Unexpected element '.' in format",
        "",
    );
}

/// Where fscal deliberately reports an error and gfortran does something
/// else (writes raw bytes, wraps a huge width, supports rounding modes, or
/// prints a message with a stray `%L`).
#[test]
fn fscal_only_errors() {
    error(
        "(a)",
        &[I32(42)],
        "Expected CHARACTER for item 1 in formatted transfer, got INTEGER",
        "",
    );
    error(
        "(rn, f8.3)",
        &[F32(1.5)],
        "Rounding mode edit descriptors are not supported in format",
        "",
    );
    error("(i99999999999)", &[I32(1)], "Value too large in format", "");
    error(
        "(e12.4e)",
        &[F32(1.5)],
        "Positive exponent width required in format",
        "",
    );
}
