//! Control edit descriptors, records and format reversion against gfortran.
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
fn control_descriptors() {
    // print '(i3, 5x)', 1
    check("(i3, 5x)", &[I32(1)], "  1\n");
    // print '(i3, 5x, i2)', 1, 2
    check("(i3, 5x, i2)", &[I32(1), I32(2)], "  1      2\n");
    // print '(i3, " end")', 5
    check(r#"(i3, " end")"#, &[I32(5)], "  5 end\n");
    // print '(i3, " end", i3, " more")', 5
    check(r#"(i3, " end", i3, " more")"#, &[I32(5)], "  5 end\n");
    // print '(i3, :, " end")', 5
    check(r#"(i3, :, " end")"#, &[I32(5)], "  5\n");
    // print '(i3/)', 5
    check("(i3/)", &[I32(5)], "  5\n\n");
    // print '(/i3)', 5
    check("(/i3)", &[I32(5)], "\n  5\n");
    // print '(i3)'
    check("(i3)", &[], "\n");
    // print '("abc")'
    check(r#"("abc")"#, &[], "abc\n");
    // print '()'
    check("()", &[], "\n");
    // print '(/)'
    check("(/)", &[], "\n\n");
    // print '(//)'
    check("(//)", &[], "\n\n\n");
    // print '(/, i3, /)', 1
    check("(/, i3, /)", &[I32(1)], "\n  1\n\n");
    // print '(1x, i3, 2/)', 1
    check("(1x, i3, 2/)", &[I32(1)], "   1\n\n\n");
    // print '(t5, i3, t1, i2)', 1, 2
    check("(t5, i3, t1, i2)", &[I32(1), I32(2)], " 2    1\n");
    // print '(i5, tl2, i2)', 11111, 22
    check("(i5, tl2, i2)", &[I32(11111), I32(22)], "11122\n");
    // print '(i5, tr2, i2)', 11111, 22
    check("(i5, tr2, i2)", &[I32(11111), I32(22)], "11111  22\n");
    // print '(i3, 5x, tl2, i1)', 1, 2
    check("(i3, 5x, tl2, i1)", &[I32(1), I32(2)], "  1   2\n");
    // print '(i3, t10, i1, tl5, i1)', 1, 2, 3
    check(
        "(i3, t10, i1, tl5, i1)",
        &[I32(1), I32(2), I32(3)],
        "  1  3   2\n",
    );
    // print '(t3, "ab", t1, "c")'
    check(r#"(t3, "ab", t1, "c")"#, &[], "c ab\n");
    // print '(tr3, "ab")'
    check(r#"(tr3, "ab")"#, &[], "   ab\n");
    // print '(5x)'
    check("(5x)", &[], "\n");
    // print '(5x, "a")'
    check(r#"(5x, "a")"#, &[], "     a\n");
    // print '(a, t8, a)', 'abc', 'de'
    check(
        "(a, t8, a)",
        &[Str("abc".into()), Str("de".into())],
        "abc    de\n",
    );
    // print '(i3, tl10, i1)', 123, 4
    check("(i3, tl10, i1)", &[I32(123), I32(4)], "423\n");
    // print '(3x, t2, i1)', 4
    check("(3x, t2, i1)", &[I32(4)], "   4\n");
    // print '(i1, 3x, t2, i1)', 1, 4
    check("(i1, 3x, t2, i1)", &[I32(1), I32(4)], "1  4\n");
    // print '(i5, tl1, tl5, " = ")', 7
    check(r#"(i5, tl1, tl5, " = ")"#, &[I32(7)], "    7 = \n");
    // print '(i3, t6, "")', 1
    check(r#"(i3, t6, "")"#, &[I32(1)], "  1  \n");
    // print '(i3, 2x, "")', 1, 2
    check(r#"(i3, 2x, "")"#, &[I32(1), I32(2)], "  1  \n  2  \n");
    // print '("it''s", a)', 'x'
    check(r#"("it's", a)"#, &[Str("x".into())], "it'sx\n");
    // print '(''it''''s'', a)', 'x'
    check("('it''s', a)", &[Str("x".into())], "it'sx\n");
    // print '("q"" ", a)', 'x'
    check(r#"("q"" ", a)"#, &[Str("x".into())], "q\" x\n");
    // print '(5hhello, i3)', 42
    check("(5hhello, i3)", &[I32(42)], "hello 42\n");
    // print '(i3 $)', 42
    check("(i3 $)", &[I32(42)], " 42");
    // print '( i 3 )', 42
    check("( i 3 )", &[I32(42)], " 42\n");
    // print '(i3 2)', 42
    check("(i3 2)", &[I32(42)], "                              42\n");
    // print '(f 8 . 3)', 1.5
    check("(f 8 . 3)", &[F32(1.5)], "   1.500\n");
    // print '(i3, "a" "b")', 42
    check(r#"(i3, "a" "b")"#, &[I32(42)], " 42ab\n");
    // print '(i3) ignored', 1, 2
    check("(i3) ignored", &[I32(1), I32(2)], "  1\n  2\n");
}

#[test]
fn format_reversion() {
    // print '(3i4)', 1, 2, 3, 4, 5, 6, 7
    check(
        "(3i4)",
        &[I32(1), I32(2), I32(3), I32(4), I32(5), I32(6), I32(7)],
        "   1   2   3\n   4   5   6\n   7\n",
    );
    // print '(2(i3, x))', 1, 2, 3, 4, 5
    check(
        "(2(i3, x))",
        &[I32(1), I32(2), I32(3), I32(4), I32(5)],
        "  1   2\n  3   4\n  5\n",
    );
    // print '(*(i4, 1x))', 1, 2, 3
    check("(*(i4, 1x))", &[I32(1), I32(2), I32(3)], "   1    2    3\n");
    // print '("a", 2(i3, "b"), "c")', 1, 2, 3, 4, 5
    check(
        r#"("a", 2(i3, "b"), "c")"#,
        &[I32(1), I32(2), I32(3), I32(4), I32(5)],
        "a  1b  2bc\n  3b  4bc\n  5b\n",
    );
    // print '(a, i3)', 'x=', 3, 'y=', 4
    check(
        "(a, i3)",
        &[Str("x=".into()), I32(3), Str("y=".into()), I32(4)],
        "x=  3\ny=  4\n",
    );
    // print '(i3, 2(i2, i1))', 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
    check(
        "(i3, 2(i2, i1))",
        &[
            I32(1),
            I32(2),
            I32(3),
            I32(4),
            I32(5),
            I32(6),
            I32(7),
            I32(8),
            I32(9),
            I32(10),
            I32(11),
        ],
        "  1 23 45\n 67 89\n10*\n",
    );
    // print '(i1, (i2, (i3)))', 1, 2, 3, 4, 5, 6
    check(
        "(i1, (i2, (i3)))",
        &[I32(1), I32(2), I32(3), I32(4), I32(5), I32(6)],
        "1 2  3\n 4  5\n 6\n",
    );
    // print '(i1, 2(i2), i1)', 1, 2, 3, 4, 5, 6, 7, 8, 9
    check(
        "(i1, 2(i2), i1)",
        &[
            I32(1),
            I32(2),
            I32(3),
            I32(4),
            I32(5),
            I32(6),
            I32(7),
            I32(8),
            I32(9),
        ],
        "1 2 34\n 5 67\n 8 9\n",
    );
    // print '(a, *(i2))', 'x', 1, 2, 3
    check(
        "(a, *(i2))",
        &[Str("x".into()), I32(1), I32(2), I32(3)],
        "x 1 2 3\n",
    );
    // print '(i1, *(i2, :, ","))', 1, 2, 3
    check(
        r#"(i1, *(i2, :, ","))"#,
        &[I32(1), I32(2), I32(3)],
        "1 2, 3\n",
    );
    // print '(3(i1, :, ", "))', 1, 2
    check(r#"(3(i1, :, ", "))"#, &[I32(1), I32(2)], "1, 2\n");
    // print '(2i3, /)', 1, 2, 3
    check("(2i3, /)", &[I32(1), I32(2), I32(3)], "  1  2\n\n  3\n");
    // print '(2i3, /)', 1, 2
    check("(2i3, /)", &[I32(1), I32(2)], "  1  2\n\n");
    // print '(i3, 2x)', 1, 2
    check("(i3, 2x)", &[I32(1), I32(2)], "  1\n  2\n");
    // print '(i3, 3/ i3)', 1, 2
    check("(i3, 3/ i3)", &[I32(1), I32(2)], "  1\n\n\n  2\n");
    // print '(i3/i3)', 42
    check("(i3/i3)", &[I32(42)], " 42\n\n");
    // print '(1p, e10.2, f6.2)', 1.5, 2.5, 3.5
    check(
        "(1p, e10.2, f6.2)",
        &[F32(1.5), F32(2.5), F32(3.5)],
        "  1.50E+00 25.00\n  3.50E+00\n",
    );
    // print '(sp, i3, (i3))', 1, 2, 3
    check("(sp, i3, (i3))", &[I32(1), I32(2), I32(3)], " +1 +2\n +3\n");
}
