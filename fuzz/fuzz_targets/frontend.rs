//! Arbitrary bytes through what `fscal check` does before the scalarizer:
//! UTF-8 decoding (with the CLI's line:column of the first invalid byte)
//! and `fscal_frontend::check`.

#![no_main]

use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| {
    match std::str::from_utf8(data) {
        Ok(src) => common::frontend(src),
        Err(e) => {
            let (line, col) = fscal::diagnostics::utf8_error_position(data, e.valid_up_to());
            assert!(line >= 1 && col >= 1);
            // A caller that decodes leniently must be just as safe.
            common::frontend(&String::from_utf8_lossy(data));
        }
    }
});
