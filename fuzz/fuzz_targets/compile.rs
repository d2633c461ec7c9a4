//! Bytes through the whole compile path: `fscal::compile` (frontend and
//! scalarizer) and, when that succeeds, `fscal_backend::compile` (Cranelift
//! JIT). The compiled program is never run.

#![no_main]

use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| {
    let src = String::from_utf8_lossy(data);
    // The options follow from the input, so every crash reproduces.
    let checks = data.len() % 2 == 0;
    let optimize = data.len() % 4 < 2;
    common::compile(&src, checks, optimize);
});
