//! The fscal backend: loop IR to native code with Cranelift.
//!
//! [`compile`] lowers one [`LoopIr`] program to a single Cranelift function
//! `main() -> ()`, JIT-compiles it for the host and returns a [`Kernel`]
//! that owns the machine code, the array descriptors and the constant
//! strings. [`emit_clif`] returns the verified Cranelift IR of the same
//! function as text, for `fscal emit clif`; [`emit_clif_optimized`] the
//! same after Cranelift's mid-end, to see what was hoisted and folded.
//!
//! ```
//! use fscal_backend::{compile, Config};
//! use fscal_scalarizer::ir::{Const, Expr, LoopIr, ScalarTy, Stmt};
//!
//! let mut ir = LoopIr::default();
//! let x = ir.add_local("x", ScalarTy::I64);
//! ir.body.push(Stmt::Set(x, Expr::Const(Const::I64(42))));
//! let kernel = compile(&ir, &Config::default()).unwrap();
//! kernel.run();
//! ```
//!
//! Layout of the crate:
//! - `codegen`: the Cranelift module, ISA settings, data objects, and the
//!   [`Kernel`] that owns the finished code;
//! - `lower`: the translation of statements and expressions into a
//!   `FunctionBuilder`, one `lower_*` helper per IR construct, building SSA
//!   form directly from the structured IR.
//!
//! Lowering recurses over the IR tree. So that deeply nested programs do
//! not overflow the caller's stack, [`compile`] and [`emit_clif`] run the
//! translation on a helper thread with a large stack.

mod codegen;
mod error;
mod lower;

use fscal_scalarizer::ir::LoopIr;

pub use codegen::Kernel;
pub use error::BackendError;

/// How hard Cranelift optimises.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OptLevel {
    /// No optimisation: fastest compile.
    None,
    /// Optimise for speed (egraph rewrites, GVN, LICM).
    #[default]
    Speed,
}

/// Backend options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// Cranelift optimisation level.
    pub opt_level: OptLevel,
    /// Run the Cranelift verifier on the generated function before
    /// compiling it (errors come back as [`BackendError::Verifier`]).
    pub verify: bool,
    /// Stack size, in bytes, of the thread the translation runs on.
    pub stack_size: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            opt_level: OptLevel::Speed,
            verify: true,
            stack_size: 256 << 20,
        }
    }
}

/// Compile a whole program to native code.
pub fn compile(ir: &LoopIr, config: &Config) -> Result<Kernel, BackendError> {
    on_big_stack(config, || codegen::compile(ir, config))
}

/// The textual Cranelift IR of the program's `main` function, as built
/// (before optimisation) and verified.
pub fn emit_clif(ir: &LoopIr, config: &Config) -> Result<String, BackendError> {
    on_big_stack(config, || codegen::emit_clif(ir, config, false))
}

/// The Cranelift IR of `main` after Cranelift's mid-end (egraph rewrites,
/// GVN, LICM at `OptLevel::Speed`), just before instruction selection: to
/// inspect what was hoisted and folded.
pub fn emit_clif_optimized(ir: &LoopIr, config: &Config) -> Result<String, BackendError> {
    on_big_stack(config, || codegen::emit_clif(ir, config, true))
}

/// Run `f` on a scoped thread whose stack is `config.stack_size` bytes.
fn on_big_stack<T: Send>(
    config: &Config,
    f: impl FnOnce() -> Result<T, BackendError> + Send,
) -> Result<T, BackendError> {
    std::thread::scope(|scope| {
        let handle = std::thread::Builder::new()
            .name("fscal-backend".into())
            .stack_size(config.stack_size)
            .spawn_scoped(scope, f)
            .map_err(|e| BackendError::Thread(e.to_string()))?;
        match handle.join() {
            Ok(result) => result,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}
