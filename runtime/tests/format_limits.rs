//! One formatted statement's output is built in memory, so it is bounded
//! (256 MiB): enormous widths, digit counts, positions and repeat counts
//! end in a run-time error instead of exhausting memory (fuzzing found
//! `F2147483647.1`, `I2147483647` aborting on a failed 2 GiB allocation).

mod common;

use common::{check, error};
use fscal_runtime::format::Item::*;

const TOO_MUCH: &str = "Output of one formatted statement exceeds 268435456 bytes";

#[test]
fn huge_fields_are_run_time_errors() {
    error("(f2147483647.1)", &[F32(1.5)], TOO_MUCH, "");
    error("(f0.2000000000)", &[F64(1.5)], TOO_MUCH, "");
    error("(es20.2147483000)", &[F64(1.5)], TOO_MUCH, "");
    error("(g0.2000000000)", &[F64(1.5)], TOO_MUCH, "");
    error("(i2147483647)", &[I32(7)], TOO_MUCH, "");
    error("(i0.2000000000)", &[I32(7)], TOO_MUCH, "");
    error("(b0.2000000000)", &[I32(7)], TOO_MUCH, "");
    error("(a2147483647)", &[Str("x".into())], TOO_MUCH, "");
    error("(l2147483647)", &[Bool(true)], TOO_MUCH, "");
}

#[test]
fn huge_positions_and_repeats_are_run_time_errors() {
    error("(t2147483647, i1)", &[I32(7)], TOO_MUCH, "");
    error("(2147483647x, i1)", &[I32(7)], TOO_MUCH, "");
    error("(2000000000(2000000000(100000x)))", &[], TOO_MUCH, "");
    // Completed records before the error are kept.
    error(
        "('a', /, 2000000000(200000000x, i2))",
        &[I32(1), I32(2)],
        TOO_MUCH,
        "a\n",
    );
}

#[test]
fn large_but_bounded_output_is_written() {
    let text = format!("{}7\n", " ".repeat(999_999));
    check("(i1000000)", &[I32(7)], &text);
    check(
        "(1000000x, i1)",
        &[I32(7)],
        &format!("{}7\n", " ".repeat(1_000_000)),
    );
    // A narrow field with many digits still overflows to asterisks.
    check("(f5.100)", &[F64(1.5)], "*****\n");
}
