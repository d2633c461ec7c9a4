//! Golden tests of compile-time diagnostics over `tests/invalid/*.f90`.
//!
//! Every file is an invalid program with one theme of mistakes. The real
//! binary runs `fscal check tests/invalid/NAME.f90` from the repository root
//! and must exit with status 1, without any panic, and print exactly
//! `NAME.stderr` on stderr (the rendered diagnostics: file, line, column,
//! message, source line and caret), byte for byte.
//!
//! Set `FSCAL_BLESS=1` to rewrite the `.stderr` files, then review every
//! change by eye: a snapshot is a claim about the right message.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The invalid programs, as paths relative to the repository root.
fn programs() -> Vec<PathBuf> {
    let dir = root().join("tests").join("invalid");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/invalid/ exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "f90"))
        .map(|p| {
            p.strip_prefix(root())
                .expect("under the root")
                .to_path_buf()
        })
        .collect();
    files.sort();
    files
}

fn check(file: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_fscal"))
        .current_dir(root())
        .arg("check")
        .arg(file)
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
fn there_are_enough_invalid_programs() {
    let n = programs().len();
    assert!(n >= 70, "the issue asks for at least 70, found {n}");
}

#[test]
fn every_invalid_program_has_its_exact_diagnostics() {
    let bless = std::env::var_os("FSCAL_BLESS").is_some();
    let mut failures = Vec::new();
    for file in programs() {
        let out = check(&file);
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        let name = file.display();
        if stderr.contains("panicked") || stderr.contains("RUST_BACKTRACE") {
            failures.push(format!("{name}: fscal panicked:\n{stderr}"));
            continue;
        }
        if out.status.code() != Some(1) {
            failures.push(format!(
                "{name}: exit status {:?}, expected 1\n{stderr}",
                out.status.code()
            ));
            continue;
        }
        if !out.stdout.is_empty() {
            failures.push(format!(
                "{name}: unexpected output on stdout:\n{}",
                String::from_utf8_lossy(&out.stdout)
            ));
            continue;
        }
        let snapshot = root().join(file.with_extension("stderr"));
        if bless {
            std::fs::write(&snapshot, out.stderr).expect("snapshot written");
            continue;
        }
        match std::fs::read(&snapshot) {
            Ok(expected) if expected == out.stderr => {}
            Ok(expected) => failures.push(format!(
                "{}: {}",
                snapshot.display(),
                first_difference(&String::from_utf8_lossy(&expected), &stderr)
            )),
            Err(_) => failures.push(format!(
                "{}: missing snapshot (run with FSCAL_BLESS=1)",
                snapshot.display()
            )),
        }
    }
    assert!(
        failures.is_empty(),
        "{} invalid program(s) failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// Every diagnostic names the file, a line and a column, and starts with a
/// lower-case word; none ends with a period.
#[test]
fn every_message_is_well_formed() {
    for file in programs() {
        let snapshot = root().join(file.with_extension("stderr"));
        let Ok(text) = std::fs::read_to_string(&snapshot) else {
            continue;
        };
        let prefix = format!("{}:", file.display());
        let headers: Vec<&str> = text
            .lines()
            .filter(|l| !l.starts_with(' ') && !l.is_empty())
            .collect();
        assert!(!headers.is_empty(), "{}: no diagnostic", snapshot.display());
        for header in headers {
            let rest = header
                .strip_prefix(&prefix)
                .unwrap_or_else(|| panic!("{}: {header:?} names no file", snapshot.display()));
            let mut parts = rest.splitn(3, ':');
            let line = parts.next().unwrap_or_default();
            let col = parts.next().unwrap_or_default();
            assert!(
                line.parse::<usize>().is_ok() && col.parse::<usize>().is_ok(),
                "{header:?}: no line and column"
            );
            let message = parts
                .next()
                .and_then(|m| m.strip_prefix(" error: "))
                .unwrap_or_else(|| panic!("{header:?}: not an error"));
            assert!(
                message.starts_with(|c: char| !c.is_uppercase()),
                "{header:?}: capitalized"
            );
            assert!(!message.ends_with('.'), "{header:?}: trailing period");
        }
    }
}

/// Arbitrary bytes never crash the compiler: the exit status is 0 or 1 and
/// stderr holds no panic.
#[test]
fn random_bytes_do_not_crash_the_compiler() {
    let dir = std::env::temp_dir().join(format!("fscal-invalid-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pieces: &[&[u8]] = &[
        b"program p\n",
        b"end program p\n",
        b"implicit none\n",
        b"integer :: a(10)\n",
        b"real, allocatable :: b(:)\n",
        b"a = a(10:1:-1)\n",
        b"x = (",
        b")",
        b"[",
        b"]",
        b"(/",
        b"/)",
        b"do i = 1, n\n",
        b"end do\n",
        b"if (x > 0) then\n",
        b"end if\n",
        b"else\n",
        b"'",
        b"\"",
        b"&\n",
        b"!",
        b"@",
        b"\xff",
        b"\xc3",
        b"\x00",
        b"\x01",
        b"\t",
        b"\n",
        b";",
        b"1.5e",
        b"1_3",
        b".foo.",
        b"allocate(b(n))\n",
        b"where",
        b"contains\n",
        b"function f(x)\n",
        b"module m\n",
        b"end module\n",
        b"sqrt(",
        b"size(",
        b",",
        b"=",
        b"+",
        b"**",
        b"-",
        b".not.",
        b"print *, ",
        b"::",
        b":",
        b"99999999999",
    ];
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state as usize
    };
    for i in 0..150 {
        let mut src = Vec::new();
        for _ in 0..next() % 40 {
            src.extend_from_slice(pieces[next() % pieces.len()]);
        }
        let file = dir.join(format!("r{i}.f90"));
        std::fs::write(&file, &src).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_fscal"))
            .arg("check")
            .arg(&file)
            .output()
            .expect("fscal runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            matches!(out.status.code(), Some(0 | 1)) && !stderr.contains("panicked"),
            "{src:?}: status {:?}\n{stderr}",
            out.status.code()
        );
        if out.status.code() == Some(1) {
            assert!(
                stderr.contains(": error: "),
                "{src:?}: failed without a diagnostic:\n{stderr}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
