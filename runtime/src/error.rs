//! Run-time error reporting.
//!
//! Every error is printed as `NAME:LINE:COL: runtime error: MESSAGE` on
//! stderr, after buffered standard output has been flushed, and the process
//! exits with status 2. The `fscal_err_*` functions are the entry points
//! generated code calls on its cold error paths.

use std::sync::Mutex;

/// The source file name printed in front of run-time errors.
static SOURCE_NAME: Mutex<String> = Mutex::new(String::new());

/// Exit status of a program stopped by a run-time error.
pub const ERROR_EXIT_STATUS: i32 = 2;

/// Set the source file name used in run-time error messages.
pub fn set_source_name(name: &str) {
    let mut guard = SOURCE_NAME.lock().unwrap_or_else(|e| e.into_inner());
    guard.clear();
    guard.push_str(name);
}

/// The source file name set by [`set_source_name`] (`"<program>"` if unset).
pub fn source_name() -> String {
    let guard = SOURCE_NAME.lock().unwrap_or_else(|e| e.into_inner());
    if guard.is_empty() {
        "<program>".to_string()
    } else {
        guard.clone()
    }
}

/// The full text of a run-time error line (without the trailing newline).
pub fn error_text(line: i64, col: i64, msg: &str) -> String {
    format!("{}:{line}:{col}: runtime error: {msg}", source_name())
}

/// Report a run-time error at `line:col` and exit with status 2.
pub fn runtime_error(line: i64, col: i64, msg: &str) -> ! {
    crate::io::flush_output();
    eprintln!("{}", error_text(line, col, msg));
    std::process::exit(ERROR_EXIT_STATUS)
}

/// Read a name passed by generated code as a pointer and a length.
///
/// # Safety
/// `ptr` must be null or point to `len` readable bytes.
pub(crate) unsafe fn name_from_raw(ptr: i64, len: i64) -> String {
    if ptr == 0 || len <= 0 {
        return String::new();
    }
    // SAFETY: the caller guarantees `len` readable bytes at `ptr`.
    let bytes = unsafe { std::slice::from_raw_parts(ptr as *const u8, len as usize) };
    String::from_utf8_lossy(bytes).into_owned()
}

/// Message for an out-of-bounds subscript.
pub fn bounds_message(name: &str, dim: i64, index: i64, lb: i64, ub: i64) -> String {
    if index < lb {
        format!("index {index} of dimension {dim} of array '{name}' below lower bound of {lb}")
    } else {
        format!("index {index} of dimension {dim} of array '{name}' above upper bound of {ub}")
    }
}

/// Message for non-conformable shapes.
pub fn shape_message(dim: i64, ext1: i64, ext2: i64) -> String {
    format!("array shapes do not conform in dimension {dim} ({ext1} and {ext2})")
}

/// Message for a `DO` loop whose step is zero.
pub const ZERO_STEP_MESSAGE: &str = "DO loop step is zero";

/// Message for a section triplet whose stride is zero.
pub fn zero_stride_message(name: &str, dim: i64) -> String {
    format!("zero stride is not allowed in dimension {dim} of array '{name}'")
}

/// Message for an integer division (or `mod`) by zero.
pub const DIV_ZERO_MESSAGE: &str = "integer division by zero";

/// `fscal_err_bounds(name, name_len, dim, index, lb, ub, line, col)`:
/// a subscript is outside its bounds. Never returns.
///
/// # Safety
/// `name` must be null or point to `name_len` readable bytes.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn fscal_err_bounds(
    name: i64,
    name_len: i64,
    dim: i64,
    index: i64,
    lb: i64,
    ub: i64,
    line: i64,
    col: i64,
) {
    // SAFETY: forwarded caller contract.
    let name = unsafe { name_from_raw(name, name_len) };
    runtime_error(line, col, &bounds_message(&name, dim, index, lb, ub))
}

/// `fscal_err_shape(dim, ext1, ext2, line, col)`: the operands of an array
/// expression or assignment have different extents. Never returns.
#[no_mangle]
pub extern "C" fn fscal_err_shape(dim: i64, ext1: i64, ext2: i64, line: i64, col: i64) {
    runtime_error(line, col, &shape_message(dim, ext1, ext2))
}

/// `fscal_err_zero_step(line, col)`: a `DO` loop with step 0. Never returns.
#[no_mangle]
pub extern "C" fn fscal_err_zero_step(line: i64, col: i64) {
    runtime_error(line, col, ZERO_STEP_MESSAGE)
}

/// `fscal_err_zero_stride(name, name_len, dim, line, col)`: a section
/// triplet with stride 0. Never returns.
///
/// # Safety
/// `name` must be null or point to `name_len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn fscal_err_zero_stride(
    name: i64,
    name_len: i64,
    dim: i64,
    line: i64,
    col: i64,
) {
    // SAFETY: forwarded caller contract.
    let name = unsafe { name_from_raw(name, name_len) };
    runtime_error(line, col, &zero_stride_message(&name, dim))
}

/// `fscal_err_div_zero(line, col)`: integer division by zero. Never returns.
#[no_mangle]
pub extern "C" fn fscal_err_div_zero(line: i64, col: i64) {
    runtime_error(line, col, DIV_ZERO_MESSAGE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_messages() {
        assert_eq!(
            bounds_message("a", 1, 11, 1, 10),
            "index 11 of dimension 1 of array 'a' above upper bound of 10"
        );
        assert_eq!(
            bounds_message("b", 2, 0, 1, 10),
            "index 0 of dimension 2 of array 'b' below lower bound of 1"
        );
    }

    #[test]
    fn shape_and_text() {
        assert_eq!(
            shape_message(1, 10, 9),
            "array shapes do not conform in dimension 1 (10 and 9)"
        );
        assert_eq!(
            zero_stride_message("a", 2),
            "zero stride is not allowed in dimension 2 of array 'a'"
        );
        set_source_name("t.f90");
        assert_eq!(error_text(3, 7, "boom"), "t.f90:3:7: runtime error: boom");
    }
}
