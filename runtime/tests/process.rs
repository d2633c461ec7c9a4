//! Process-level behaviour: run-time errors, `stop`, and flushing at exit.
//!
//! Each check re-runs this test binary with `FSCAL_CHILD` set, so that the
//! child test can exit the process without taking the harness with it.

use std::process::{Command, Output};

use fscal_runtime::error::{fscal_err_bounds, fscal_err_div_zero};
use fscal_runtime::io::{fscal_io_begin, fscal_io_end, fscal_io_i32, fscal_stop};
use fscal_runtime::set_source_name;

/// True when running as the child `name`.
fn is_child(name: &str) -> bool {
    std::env::var("FSCAL_CHILD").as_deref() == Ok(name)
}

/// Run the child test `name` and return what it did.
fn run_child(name: &str) -> Output {
    Command::new(std::env::current_exe().unwrap())
        .args(["--exact", name, "--nocapture", "--test-threads=1"])
        .env("FSCAL_CHILD", name)
        .output()
        .unwrap()
}

fn print_i32(v: i32) {
    // SAFETY: a null format means list-directed output.
    unsafe { fscal_io_begin(0, 0, 1, 1) };
    fscal_io_i32(v);
    fscal_io_end();
}

#[test]
fn child_bounds() {
    if is_child("child_bounds") {
        set_source_name("t.f90");
        print_i32(42);
        let name = "a";
        // SAFETY: the name is a live string.
        unsafe { fscal_err_bounds(name.as_ptr() as i64, 1, 1, 11, 1, 10, 3, 7) };
    }
}

#[test]
fn child_div_zero() {
    if is_child("child_div_zero") {
        set_source_name("d.f90");
        fscal_err_div_zero(5, 12);
    }
}

#[test]
fn child_stop() {
    if is_child("child_stop") {
        print_i32(1);
        fscal_stop(3, 1);
    }
}

#[test]
fn child_exit() {
    if is_child("child_exit") {
        print_i32(7);
    }
}

#[test]
fn runtime_error_flushes_output_then_exits_2() {
    let out = run_child("child_bounds");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stdout).contains("          42\n"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("t.f90:3:7: runtime error: index 11 of dimension 1 of array 'a' above upper bound of 10\n"),
        "{stderr}"
    );
    let out = run_child("child_div_zero");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("d.f90:5:12: runtime error: integer division by zero\n"));
}

#[test]
fn stop_prints_code_and_exits_with_it() {
    let out = run_child("child_stop");
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stdout).contains("           1\n"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("STOP 3\n"));
}

#[test]
fn buffered_output_is_flushed_at_exit() {
    let out = run_child("child_exit");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("           7\n"));
}
