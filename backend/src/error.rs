//! The backend's error type.

use cranelift_module::ModuleError;

/// Everything that can go wrong between a [`LoopIr`] and a runnable
/// [`Kernel`](crate::Kernel).
///
/// [`LoopIr`]: fscal_scalarizer::ir::LoopIr
#[derive(Debug, thiserror::Error)]
pub enum BackendError {
    /// Cranelift does not support the host machine.
    #[error("unsupported host machine: {0}")]
    Host(String),
    /// A Cranelift setting was rejected.
    #[error("invalid Cranelift setting: {0}")]
    Setting(#[from] cranelift_codegen::settings::SetError),
    /// The generated function failed verification: a backend bug or an IR
    /// that breaks its invariants. `clif` is the annotated function text.
    #[error("Cranelift verifier rejected the generated code:\n{clif}")]
    Verifier {
        /// The function with the errors printed next to the offending
        /// instructions.
        clif: String,
    },
    /// Declaring, defining or finalizing in the JIT module failed.
    #[error("Cranelift module error: {0}")]
    Module(Box<ModuleError>),
    /// The program calls a runtime function that `fscal_runtime::symbols()`
    /// does not provide.
    #[error("runtime symbol `{0}` is not provided by fscal-runtime")]
    MissingSymbol(String),
    /// The loop IR breaks one of its documented invariants.
    #[error("invalid loop IR: {0}")]
    InvalidIr(String),
    /// The helper thread could not be started.
    #[error("cannot start the backend thread: {0}")]
    Thread(String),
}

impl From<ModuleError> for BackendError {
    fn from(e: ModuleError) -> Self {
        BackendError::Module(Box::new(e))
    }
}

/// Shorthand for the backend's results.
pub type Result<T, E = BackendError> = std::result::Result<T, E>;

/// An [`BackendError::InvalidIr`] from a message.
pub(crate) fn invalid(msg: impl Into<String>) -> BackendError {
    BackendError::InvalidIr(msg.into())
}
