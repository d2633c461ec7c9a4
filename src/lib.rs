//! fscal: a compiler for Fortran array expressions.
//!
//! The pipeline is `&str -> fscal_frontend::hir::Program ->
//! fscal_scalarizer::ir::LoopIr -> fscal_backend::Kernel -> run`. This crate
//! strings it together for the command line and for library users, renders
//! diagnostics, and holds the reference evaluator ([`reference`]) that
//! every test compares the compiled code with.
//!
//! ```no_run
//! let src = "program p\n  real :: a(4) = 0\n  a = [1, 2, 3, 4]\n  a(2:4) = a(1:3)\n  print *, a\nend program p\n";
//! let compiled = fscal::compile(src, &fscal::Options::default()).expect("valid program");
//! fscal::run(&compiled).expect("compiles to native code");
//! ```

pub mod diagnostics;
pub mod explain;
pub mod reference;

use fscal_frontend::diagnostic::{Diagnostic, Severity};
use fscal_frontend::hir;
use fscal_scalarizer::Scalarized;

pub use fscal_backend::BackendError;

/// Compilation options.
#[derive(Debug, Clone)]
pub struct Options {
    /// Run-time checks (bounds, shapes, allocation, division by zero).
    pub checks: bool,
    /// Cranelift optimization.
    pub optimize: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            checks: true,
            optimize: true,
        }
    }
}

/// A program through the frontend and the scalarizer.
#[derive(Debug, Clone)]
pub struct Compiled {
    /// The checked program.
    pub hir: hir::Program,
    /// Loop IR and scalarizer decisions.
    pub scalarized: Scalarized,
    /// Warnings found on the way.
    pub warnings: Vec<Diagnostic>,
}

/// Native stack for compilation: every stage walks expressions
/// recursively, and a user may nest them tens of thousands deep.
const COMPILE_STACK: usize = 512 << 20;

/// Check and scalarize a program. On failure, every diagnostic found.
///
/// The work runs on a thread with a large stack (reserved, not committed:
/// only the depth actually used costs memory).
pub fn compile(src: &str, options: &Options) -> Result<Compiled, Vec<Diagnostic>> {
    let (src_owned, options_owned) = (src.to_string(), options.clone());
    let worker = std::thread::Builder::new()
        .name("fscal-compile".into())
        .stack_size(COMPILE_STACK)
        .spawn(move || compile_here(&src_owned, &options_owned));
    match worker.map(|w| w.join()) {
        Ok(Ok(result)) => result,
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
        // No thread could be started (resource limits): compile here.
        Err(_) => compile_here(src, options),
    }
}

fn compile_here(src: &str, options: &Options) -> Result<Compiled, Vec<Diagnostic>> {
    let (hir, diags) = fscal_frontend::check(src);
    let Some(hir) = hir else { return Err(diags) };
    let config = fscal_scalarizer::Config {
        checks: options.checks,
    };
    let scalarized = fscal_scalarizer::scalarize(&hir, src, &config);
    let warnings = diags
        .into_iter()
        .filter(|d| d.severity == Severity::Warning)
        .collect();
    Ok(Compiled {
        hir,
        scalarized,
        warnings,
    })
}

fn backend_config(options: &Options) -> fscal_backend::Config {
    let opt_level = if options.optimize {
        fscal_backend::OptLevel::Speed
    } else {
        fscal_backend::OptLevel::None
    };
    fscal_backend::Config {
        opt_level,
        ..fscal_backend::Config::default()
    }
}

/// JIT-compile and run a program; its output goes to the runtime's output
/// sink (stdout unless captured). Run-time errors end the process with
/// status 2, as `fscal run` does.
pub fn run(compiled: &Compiled) -> Result<(), BackendError> {
    run_with(compiled, &Options::default())
}

/// [`run`] with explicit options.
pub fn run_with(compiled: &Compiled, options: &Options) -> Result<(), BackendError> {
    let kernel = fscal_backend::compile(&compiled.scalarized.ir, &backend_config(options))?;
    kernel.run();
    fscal_runtime::io::flush_output();
    Ok(())
}

/// The Cranelift IR of a compiled program.
pub fn emit_clif(compiled: &Compiled, options: &Options) -> Result<String, BackendError> {
    fscal_backend::emit_clif(&compiled.scalarized.ir, &backend_config(options))
}

/// The scalarized program as pseudo-Fortran.
pub fn emit_scalarized(compiled: &Compiled) -> String {
    fscal_scalarizer::print::dump(&compiled.scalarized.ir)
}
