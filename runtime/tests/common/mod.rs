//! Helpers shared by the format tests.
#![allow(dead_code)]

use fscal_runtime::format::{format_items, list_directed, parse_format, FormatError, Item};

/// `print fmt, items` must write exactly `expected`.
pub fn check(fmt: &str, items: &[Item], expected: &str) {
    let parsed = parse_format(fmt).unwrap_or_else(|e| panic!("format {fmt:?}: {e}"));
    let got = format_items(&parsed, items)
        .unwrap_or_else(|e| panic!("format {fmt:?} with {items:?}: {e}"));
    assert_eq!(got, expected, "format {fmt:?} with {items:?}");
}

/// `print *, items` must write exactly `expected`.
pub fn list(items: &[Item], expected: &str) {
    assert_eq!(list_directed(items), expected, "print *, {items:?}");
}

/// `print fmt, items` must fail with `message`, after writing `partial`.
pub fn error(fmt: &str, items: &[Item], message: &str, partial: &str) {
    let e: FormatError = match parse_format(fmt).and_then(|f| format_items(&f, items)) {
        Ok(text) => panic!("format {fmt:?} with {items:?}: expected an error, got {text:?}"),
        Err(e) => e,
    };
    assert_eq!(e.message, message, "format {fmt:?} with {items:?}");
    assert_eq!(
        e.partial, partial,
        "partial output of {fmt:?} with {items:?}"
    );
}
