//! The fscal backend: loop IR to native code with Cranelift.
