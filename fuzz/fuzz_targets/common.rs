//! Checks shared by the fuzz targets: whatever the input, the compiler
//! answers with a program or with diagnostics that point into the source.

#![allow(dead_code)]

use fscal_frontend::diagnostic::{Diagnostic, Severity};

/// Every span lies inside `src`; the rendering does not panic.
pub fn check_diagnostics(src: &str, diags: &[Diagnostic]) {
    for d in diags {
        assert!(
            d.span.start <= d.span.end && d.span.end <= src.len(),
            "span {:?} outside a source of {} bytes: {}",
            d.span,
            src.len(),
            d.message
        );
        assert!(!d.message.is_empty(), "empty diagnostic message");
    }
    let _ = fscal::diagnostics::render("fuzz.f90", src, diags);
}

/// Failure comes with at least one error; success with none.
pub fn check_verdict(ok: bool, diags: &[Diagnostic]) {
    let errors = diags.iter().any(|d| d.severity == Severity::Error);
    assert_eq!(
        ok, !errors,
        "compiled = {ok} but errors = {errors}: {diags:?}"
    );
}

/// The frontend alone.
pub fn frontend(src: &str) {
    let (hir, diags) = fscal_frontend::check(src);
    check_diagnostics(src, &diags);
    check_verdict(hir.is_some(), &diags);
}

/// The whole compile path, up to JIT-compiled native code (never run: a
/// fuzzed program may loop forever).
pub fn compile(src: &str, checks: bool, optimize: bool) {
    let options = fscal::Options { checks, optimize };
    match fscal::compile(src, &options) {
        Err(diags) => {
            check_diagnostics(src, &diags);
            check_verdict(false, &diags);
        }
        Ok(compiled) => {
            check_diagnostics(src, &compiled.warnings);
            let _ = fscal::emit_scalarized(&compiled);
            let config = fscal_backend::Config {
                opt_level: if optimize {
                    fscal_backend::OptLevel::Speed
                } else {
                    fscal_backend::OptLevel::None
                },
                ..fscal_backend::Config::default()
            };
            match fscal_backend::compile(&compiled.scalarized.ir, &config) {
                Ok(_kernel) => {}
                Err(fscal_backend::BackendError::Thread(_)) => {}
                Err(e) => panic!("the backend rejects a program the frontend accepted: {e}"),
            }
        }
    }
}
