//! Every input the fuzzers (`fuzz/`, `tests/fuzz_harness.rs`) ever found
//! to crash fscal, kept in `tests/fuzz_regressions/`: each must now compile
//! or be diagnosed, without a panic, with every diagnostic span inside the
//! source, and a program that compiles must also JIT-compile. An input
//! whose first line is `! fuzz: run` crashed at run time: it is also run
//! by the real binary and must end with status 0, 1, 2 or its `stop` code,
//! not a signal or a panic. Files that are not valid UTF-8 go through the
//! command line's check of the encoding.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use fscal_frontend::diagnostic::Severity;

fn inputs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e != "md"))
        .collect();
    out.sort();
    out
}

/// Compile through the backend; `Err` describes what went wrong.
fn compile_all(src: &str, options: &fscal::Options) -> Result<bool, String> {
    match fscal::compile(src, options) {
        Err(diags) => {
            if !diags.iter().any(|d| d.severity == Severity::Error) {
                return Err(format!("failed without an error: {diags:?}"));
            }
            if let Some(d) = diags
                .iter()
                .find(|d| d.span.start > d.span.end || d.span.end > src.len())
            {
                return Err(format!(
                    "span {:?} outside the source: {}",
                    d.span, d.message
                ));
            }
            let _ = fscal::diagnostics::render("regression.f90", src, &diags);
            Ok(false)
        }
        Ok(compiled) => {
            let _ = fscal::diagnostics::render("regression.f90", src, &compiled.warnings);
            let _ = fscal::emit_scalarized(&compiled);
            let config = fscal_backend::Config {
                opt_level: if options.optimize {
                    fscal_backend::OptLevel::Speed
                } else {
                    fscal_backend::OptLevel::None
                },
                ..fscal_backend::Config::default()
            };
            fscal_backend::compile(&compiled.scalarized.ir, &config)
                .map(|_| true)
                .map_err(|e| format!("backend error: {e}"))
        }
    }
}

/// Run with the real binary (10 s at most, 4 GiB of address space).
fn run_binary(path: &Path, src: &str) -> Result<(), String> {
    let stderr_path = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("regression_{}.stderr", std::process::id()));
    let stderr = std::fs::File::create(&stderr_path).unwrap();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 4194304; exec \"$0\" run \"$1\"")
        .arg(env!("CARGO_BIN_EXE_fscal"))
        .arg(path)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(stderr)
        .spawn()
        .unwrap();
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            let _ = child.wait();
            return Err("still running after 10 s".into());
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let err = std::fs::read_to_string(&stderr_path).unwrap_or_default();
    let _ = std::fs::remove_file(&stderr_path);
    if err.contains("panicked") || err.contains("internal error") {
        return Err(format!("crashed: {err}"));
    }
    match status.code() {
        Some(0..=2) => Ok(()),
        Some(_) if src.to_ascii_lowercase().contains("stop") => Ok(()),
        Some(c) => Err(format!("exit status {c}: {err}")),
        None => Err(format!("killed by a signal ({status}): {err}")),
    }
}

#[test]
fn every_fuzz_regression_compiles_or_is_diagnosed() {
    let mut failures = Vec::new();
    let inputs = inputs();
    for path in &inputs {
        let bytes = std::fs::read(path).unwrap();
        let src = match String::from_utf8(bytes) {
            Ok(s) => s,
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                let (line, col) = fscal::diagnostics::utf8_error_position(e.as_bytes(), at);
                assert!(line >= 1 && col >= 1);
                String::from_utf8_lossy(e.as_bytes()).into_owned()
            }
        };
        for (checks, optimize) in [(true, true), (false, false)] {
            let options = fscal::Options { checks, optimize };
            let result = catch_unwind(AssertUnwindSafe(|| compile_all(&src, &options)));
            let verdict = match result {
                Ok(Ok(compiled)) => {
                    if compiled && checks && src.starts_with("! fuzz: run") {
                        run_binary(path, &src)
                    } else {
                        Ok(())
                    }
                }
                Ok(Err(e)) => Err(e),
                Err(_) => Err("panic".to_string()),
            };
            if let Err(e) = verdict {
                failures.push(format!("{} (checks {checks}): {e}", path.display()));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    eprintln!("{} fuzz regressions pass", inputs.len());
}
