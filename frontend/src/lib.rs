//! The fscal frontend: source text to a typed HIR.
pub mod ast;
pub mod diagnostic;
