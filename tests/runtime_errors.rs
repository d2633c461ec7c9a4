//! Golden tests of run-time errors over `tests/runtime_errors/*.f90`.
//!
//! For every program `NAME.f90`, `fscal run tests/runtime_errors/NAME.f90`
//! (the real binary, run from the repository root) must print exactly
//! `NAME.stdout` on stdout (the output before the error: it is flushed,
//! as gfortran does) and exactly `NAME.stderr` on stderr, and exit with
//! the status the expected stderr implies: 2 for a
//! `FILE:LINE:COL: runtime error: ...` line, N for `STOP N`.
//!
//! The reference evaluator must agree on each program: the same output
//! before the error and an error of the same kind on the same line; for
//! every kind but non-conformable shapes (where the compiled code checks
//! the terms of a statement in another order) and failed allocations
//! (where the evaluator has its own size limit) the same message at the
//! same column.
//!
//! Set `FSCAL_BLESS=1` to rewrite `NAME.stdout` and `NAME.stderr` from
//! the current binary, then review the diff: every line and column in
//! them is a claim about where the error is.

use std::path::{Path, PathBuf};
use std::process::Command;

const DIR: &str = "tests/runtime_errors";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn programs() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join(DIR))
        .expect("tests/runtime_errors exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "f90"))
        .collect();
    files.sort();
    files
}

/// `DIR/NAME.f90`, relative to the repository root, as the user types it.
fn relative(file: &Path) -> String {
    format!("{DIR}/{}", file.file_name().unwrap().to_str().unwrap())
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap_or_else(|_| panic!("{} missing (run with FSCAL_BLESS=1)", path.display()))
}

/// The exit status an expected stderr implies.
fn expected_status(stderr: &str) -> i32 {
    if stderr.contains(": runtime error: ") {
        return 2;
    }
    if let Some(code) = stderr.trim_end().strip_prefix("STOP ") {
        return code.parse().expect("STOP code");
    }
    0
}

/// The kind of a run-time error message.
fn kind(msg: &str) -> &'static str {
    if msg.contains(" of dimension ")
        && (msg.contains("above upper bound") || msg.contains("below lower bound"))
    {
        "bounds"
    } else if msg.starts_with("array shapes do not conform") {
        "shape"
    } else if msg.starts_with("zero stride") {
        "zero stride"
    } else if msg == "DO loop step is zero" {
        "zero step"
    } else if msg == "integer division by zero" {
        "division by zero"
    } else if msg.ends_with("is not allocated") {
        "not allocated"
    } else if msg.starts_with("attempt to deallocate unallocated") {
        "deallocate unallocated"
    } else if msg.starts_with("attempt to allocate already allocated") {
        "allocate allocated"
    } else if msg.starts_with("allocation of ") && msg.contains("failed") {
        "allocation failed"
    } else {
        "other"
    }
}

/// `(line, col, message)` of a `FILE:LINE:COL: runtime error: MESSAGE`
/// line for `file`.
fn parse_error(file: &str, stderr: &str) -> Option<(usize, usize, String)> {
    let line = stderr.lines().find(|l| l.contains(": runtime error: "))?;
    let rest = line.strip_prefix(file)?.strip_prefix(':')?;
    let (pos, msg) = rest.split_once(": runtime error: ")?;
    let (l, c) = pos.split_once(':')?;
    Some((l.parse().ok()?, c.parse().ok()?, msg.to_string()))
}

#[test]
fn there_are_enough_programs() {
    let n = programs().len();
    assert!(
        n >= 30,
        "the issue asks for at least 30 programs, found {n}"
    );
}

#[test]
fn binary_reports_exact_diagnostics() {
    let bless = std::env::var_os("FSCAL_BLESS").is_some();
    let mut failures = Vec::new();
    for file in programs() {
        let rel = relative(&file);
        let out = Command::new(env!("CARGO_BIN_EXE_fscal"))
            .args(["run", &rel])
            .current_dir(root())
            .output()
            .expect("fscal runs");
        let stdout = String::from_utf8(out.stdout).expect("UTF-8 stdout");
        let stderr = String::from_utf8(out.stderr).expect("UTF-8 stderr");
        let (out_path, err_path) = (file.with_extension("stdout"), file.with_extension("stderr"));
        if bless {
            std::fs::write(&out_path, &stdout).unwrap();
            std::fs::write(&err_path, &stderr).unwrap();
        }
        let (want_out, want_err) = (read(&out_path), read(&err_path));
        let want_status = expected_status(&want_err);
        let mut problems = Vec::new();
        if out.status.code() != Some(want_status) {
            problems.push(format!(
                "exit status {:?}, expected {want_status}",
                out.status.code()
            ));
        }
        if stderr != want_err {
            problems.push(format!(
                "stderr\n  got:      {stderr:?}\n  expected: {want_err:?}"
            ));
        }
        if stdout != want_out {
            problems.push(format!(
                "stdout\n  got:      {stdout:?}\n  expected: {want_out:?}"
            ));
        }
        if want_status == 2 {
            // Exactly one diagnostic line, in the documented form.
            let lines: Vec<&str> = want_err.lines().collect();
            if lines.len() != 1 || parse_error(&rel, &want_err).is_none() {
                problems.push(format!("malformed expected stderr {want_err:?}"));
            }
        }
        if !problems.is_empty() {
            failures.push(format!("{rel}: {}", problems.join("\n")));
        }
    }
    assert!(
        failures.is_empty(),
        "{} program(s) failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn reference_evaluator_reports_the_same_errors() {
    let mut failures = Vec::new();
    for file in programs() {
        let rel = relative(&file);
        let src = read(&file);
        let want_out = read(&file.with_extension("stdout"));
        let want_err = read(&file.with_extension("stderr"));
        let (hir, diags) = fscal_frontend::check(&src);
        let Some(hir) = hir else {
            failures.push(format!(
                "{rel}: does not compile:\n{}",
                fscal::diagnostics::render(&rel, &src, &diags)
            ));
            continue;
        };
        let outcome = fscal::reference::run(&hir, &fscal::reference::Limits::default());
        let mut problems = Vec::new();
        if outcome.output != want_out {
            problems.push(format!(
                "output before the error\n  reference: {:?}\n  expected:  {want_out:?}",
                outcome.output
            ));
        }
        match (expected_status(&want_err), &outcome.error) {
            (2, Some(err)) => {
                let (line, col, msg) = parse_error(&rel, &want_err).expect("blessed stderr");
                let (rline, rcol) = fscal_frontend::diagnostic::line_col(&src, err.span.start);
                let k = kind(&msg);
                if kind(&err.message) != k || k == "other" {
                    problems.push(format!(
                        "kind differs: reference {:?}, binary {msg:?}",
                        err.message
                    ));
                } else if rline != line {
                    problems.push(format!("reference reports line {rline}, binary {line}"));
                } else if !matches!(k, "shape" | "allocation failed")
                    && (rcol, err.message.as_str()) != (col, msg.as_str())
                {
                    problems.push(format!(
                        "reference reports {rline}:{rcol}: {}, binary {line}:{col}: {msg}",
                        err.message
                    ));
                }
            }
            (2, None) => problems.push("reference reports no error".to_string()),
            (status, None) => {
                let code = (status != 0).then_some(i64::from(status));
                if outcome.stop_code != code {
                    problems.push(format!(
                        "reference stop code {:?}, expected {code:?}",
                        outcome.stop_code
                    ));
                }
            }
            (_, Some(err)) => problems.push(format!("unexpected reference error {err}")),
        }
        if !problems.is_empty() {
            failures.push(format!("{rel}: {}", problems.join("\n")));
        }
    }
    assert!(
        failures.is_empty(),
        "{} program(s) failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// Every kind of error the issue lists has at least one program.
#[test]
fn every_kind_is_covered() {
    let mut kinds = std::collections::BTreeSet::new();
    for file in programs() {
        let err = read(&file.with_extension("stderr"));
        match parse_error(&relative(&file), &err) {
            Some((_, _, msg)) => kinds.insert(kind(&msg)),
            None if err.starts_with("STOP ") => kinds.insert("stop"),
            None => kinds.insert("none"),
        };
    }
    for k in [
        "bounds",
        "shape",
        "zero stride",
        "zero step",
        "division by zero",
        "not allocated",
        "deallocate unallocated",
        "allocate allocated",
        "allocation failed",
        "stop",
    ] {
        assert!(kinds.contains(k), "no program for {k}");
    }
    assert!(!kinds.contains("other"), "unclassified message");
}
