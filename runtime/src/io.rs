//! The `extern "C"` output API and the process output sink.
//!
//! A `print` statement becomes `fscal_io_begin`, one `fscal_io_*` call per
//! item, then `fscal_io_end`, which formats the collected items with
//! [`crate::format`] and writes the text. Items are collected per thread.
//!
//! Output goes to a process-wide buffer for stdout, flushed when it grows
//! large, at process exit, before a run-time error is reported and on
//! `stop`. [`capture_start`] redirects the *current thread's* output to
//! memory instead, so tests can run JIT programs in-process (and in
//! parallel) and compare the text with [`capture_take`].

use std::cell::RefCell;
use std::io::Write;
use std::sync::{Mutex, Once};

use crate::error::runtime_error;
use crate::format::{format_items, list_directed, parse_format, FormatError, Item};

/// Flush the stdout buffer once it holds this many bytes.
const FLUSH_THRESHOLD: usize = 1 << 16;

/// Buffered standard output, shared by all threads that do not capture.
static STDOUT_BUF: Mutex<Vec<u8>> = Mutex::new(Vec::new());
/// Registers [`flush_at_exit`] with the C library once.
static AT_EXIT: Once = Once::new();

extern "C" {
    fn atexit(f: extern "C" fn()) -> i32;
}

/// A `print` statement being collected.
struct Pending {
    format: Option<String>,
    items: Vec<Item>,
    line: i64,
    col: i64,
}

thread_local! {
    static PENDING: RefCell<Option<Pending>> = const { RefCell::new(None) };
    static CAPTURE: RefCell<Option<String>> = const { RefCell::new(None) };
}

extern "C" fn flush_at_exit() {
    flush_output();
}

/// Write any buffered standard output.
pub fn flush_output() {
    let mut buf = STDOUT_BUF.lock().unwrap_or_else(|e| e.into_inner());
    if !buf.is_empty() {
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(&buf);
        let _ = out.flush();
        buf.clear();
    }
}

/// Write program output to the current sink.
pub fn write_output(text: &str) {
    let captured = CAPTURE.with(|c| match &mut *c.borrow_mut() {
        Some(s) => {
            s.push_str(text);
            true
        }
        None => false,
    });
    if captured {
        return;
    }
    AT_EXIT.call_once(|| {
        // SAFETY: `flush_at_exit` is a plain `extern "C" fn()` that stays
        // valid for the whole process lifetime.
        unsafe { atexit(flush_at_exit) };
    });
    let mut buf = STDOUT_BUF.lock().unwrap_or_else(|e| e.into_inner());
    buf.extend_from_slice(text.as_bytes());
    if buf.len() >= FLUSH_THRESHOLD {
        drop(buf);
        flush_output();
    }
}

/// Send this thread's output to an in-memory buffer (cleared) instead of
/// stdout, until [`capture_take`] is called.
pub fn capture_start() {
    CAPTURE.with(|c| *c.borrow_mut() = Some(String::new()));
}

/// Return the output captured since [`capture_start`] and send this
/// thread's output to stdout again.
pub fn capture_take() -> String {
    CAPTURE.with(|c| c.borrow_mut().take()).unwrap_or_default()
}

/// Format one collected statement: `fmt` is `None` for list-directed output.
pub fn render(fmt: Option<&str>, items: &[Item]) -> Result<String, FormatError> {
    match fmt {
        None => Ok(list_directed(items)),
        Some(f) => format_items(&parse_format(f)?, items),
    }
}

fn push_item(item: Item) {
    PENDING.with(|p| {
        if let Some(p) = &mut *p.borrow_mut() {
            p.items.push(item);
        }
    });
}

/// `fscal_io_begin(fmt, fmt_len, line, col)`: start a `print`; `fmt` null
/// means list-directed (`print *`), otherwise it is the format string.
///
/// # Safety
/// `fmt` must be null or point to `fmt_len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn fscal_io_begin(fmt: i64, fmt_len: i64, line: i64, col: i64) {
    let format = if fmt == 0 {
        None
    } else {
        // SAFETY: forwarded caller contract.
        Some(unsafe { crate::error::name_from_raw(fmt, fmt_len) })
    };
    PENDING.with(|p| {
        *p.borrow_mut() = Some(Pending {
            format,
            items: Vec::new(),
            line,
            col,
        })
    });
}

/// `fscal_io_i32(v)`: an `integer(4)` item.
#[no_mangle]
pub extern "C" fn fscal_io_i32(v: i32) {
    push_item(Item::I32(v));
}

/// `fscal_io_i64(v)`: an `integer(8)` item.
#[no_mangle]
pub extern "C" fn fscal_io_i64(v: i64) {
    push_item(Item::I64(v));
}

/// `fscal_io_f32(v)`: a `real(4)` item.
#[no_mangle]
pub extern "C" fn fscal_io_f32(v: f32) {
    push_item(Item::F32(v));
}

/// `fscal_io_f64(v)`: a `real(8)` item.
#[no_mangle]
pub extern "C" fn fscal_io_f64(v: f64) {
    push_item(Item::F64(v));
}

/// `fscal_io_bool(v)`: a logical item (`0` false, anything else true).
#[no_mangle]
pub extern "C" fn fscal_io_bool(v: i8) {
    push_item(Item::Bool(v != 0));
}

/// `fscal_io_str(p, len)`: a character item.
///
/// # Safety
/// `p` must be null or point to `len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn fscal_io_str(p: i64, len: i64) {
    // SAFETY: forwarded caller contract.
    push_item(Item::Str(unsafe { crate::error::name_from_raw(p, len) }));
}

/// `fscal_io_end()`: format the collected items and write them. A format
/// error is a run-time error at the `print` statement.
#[no_mangle]
pub extern "C" fn fscal_io_end() {
    let Some(p) = PENDING.with(|p| p.borrow_mut().take()) else {
        return;
    };
    match render(p.format.as_deref(), &p.items) {
        Ok(text) => write_output(&text),
        Err(e) => {
            // gfortran has written the records completed before the error.
            write_output(&e.partial);
            runtime_error(p.line, p.col, &e.to_string())
        }
    }
}

/// `fscal_stop(code, has_code)`: flush output and exit. With a code, print
/// `STOP <code>` on stderr and exit with that status, as gfortran does.
#[no_mangle]
pub extern "C" fn fscal_stop(code: i64, has_code: i8) {
    flush_output();
    if has_code != 0 {
        eprintln!("STOP {code}");
        std::process::exit(code as i32);
    }
    std::process::exit(0)
}
