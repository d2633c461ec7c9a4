//! Golden tests over `examples/*.f90`.
//!
//! For every example:
//! - `fscal run` (the real binary) prints exactly `NAME.out`, the output of
//!   gfortran's build of the same program, byte for byte;
//! - the reference evaluator prints the same;
//! - `fscal emit scalarized` matches the snapshot `NAME.scalarized`.
//!
//! Set `FSCAL_BLESS=1` to rewrite the scalarized snapshots (then review the
//! diff: snapshots are never accepted blindly).

use std::path::{Path, PathBuf};
use std::process::Command;

fn examples() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("examples/ exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "f90"))
        .collect();
    files.sort();
    files
}

fn fscal(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_fscal"))
        .args(args)
        .output()
        .expect("fscal runs")
}

/// The first line where two texts differ, for readable failures.
fn first_difference(expected: &str, actual: &str) -> String {
    for (i, (e, a)) in expected.lines().zip(actual.lines()).enumerate() {
        if e != a {
            return format!("line {}:\n  expected: {e:?}\n  actual:   {a:?}", i + 1);
        }
    }
    format!(
        "line counts differ: expected {}, actual {}",
        expected.lines().count(),
        actual.lines().count()
    )
}

#[test]
fn there_are_enough_examples() {
    assert!(
        examples().len() >= 25,
        "the issue asks for at least 25 examples"
    );
}

#[test]
fn run_output_matches_gfortran() {
    let mut failures = Vec::new();
    for file in examples() {
        let expected =
            std::fs::read_to_string(file.with_extension("out")).expect("expected output exists");
        let out = fscal(&["run", file.to_str().unwrap()]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        if !out.status.success() {
            failures.push(format!(
                "{}: exit {:?}\n{}",
                file.display(),
                out.status.code(),
                String::from_utf8_lossy(&out.stderr)
            ));
        } else if stdout != expected {
            failures.push(format!(
                "{}: {}",
                file.display(),
                first_difference(&expected, &stdout)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} example(s) failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn reference_evaluator_matches_gfortran() {
    let mut failures = Vec::new();
    for file in examples() {
        let src = std::fs::read_to_string(&file).unwrap();
        let expected = std::fs::read_to_string(file.with_extension("out")).unwrap();
        let (hir, diags) = fscal_frontend::check(&src);
        let Some(hir) = hir else {
            failures.push(format!(
                "{}: {}",
                file.display(),
                fscal::diagnostics::render("x", &src, &diags)
            ));
            continue;
        };
        let outcome = fscal::reference::run(&hir, &fscal::reference::Limits::default());
        if let Some(err) = &outcome.error {
            failures.push(format!(
                "{}: reference error: {}",
                file.display(),
                err.message
            ));
        } else if outcome.output != expected {
            failures.push(format!(
                "{}: {}",
                file.display(),
                first_difference(&expected, &outcome.output)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} example(s) failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn scalarized_dumps_match_snapshots() {
    let bless = std::env::var_os("FSCAL_BLESS").is_some();
    let mut failures = Vec::new();
    for file in examples() {
        let out = fscal(&["emit", "scalarized", file.to_str().unwrap()]);
        assert!(
            out.status.success(),
            "{}: {}",
            file.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        let actual = String::from_utf8(out.stdout).unwrap();
        let snap = file.with_extension("scalarized");
        if bless {
            std::fs::write(&snap, &actual).unwrap();
            continue;
        }
        match std::fs::read_to_string(&snap) {
            Ok(expected) if expected == actual => {}
            Ok(expected) => failures.push(format!(
                "{}: {}",
                snap.display(),
                first_difference(&expected, &actual)
            )),
            Err(_) => failures.push(format!(
                "{}: missing snapshot (run with FSCAL_BLESS=1)",
                snap.display()
            )),
        }
    }
    assert!(
        failures.is_empty(),
        "{} snapshot(s) differ:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
