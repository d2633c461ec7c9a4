//! The `extern "C"` output API, run in-process with output capture.

use fscal_runtime::io::{
    fscal_io_begin, fscal_io_bool, fscal_io_end, fscal_io_f32, fscal_io_f64, fscal_io_i32,
    fscal_io_i64, fscal_io_str,
};
use fscal_runtime::{capture_start, capture_take};

/// Start a `print` statement with an optional format, as generated code does.
fn begin(fmt: Option<&str>) {
    let (ptr, len) = fmt.map_or((0, 0), |f| (f.as_ptr() as i64, f.len() as i64));
    // SAFETY: `ptr` is null or points to `len` bytes of a live string.
    unsafe { fscal_io_begin(ptr, len, 1, 1) };
}

fn string(s: &str) {
    // SAFETY: the pointer and length describe a live string.
    unsafe { fscal_io_str(s.as_ptr() as i64, s.len() as i64) };
}

#[test]
fn list_directed_statement() {
    capture_start();
    begin(None);
    string("x =");
    fscal_io_i32(1);
    fscal_io_f64(1.0 / 3.0);
    fscal_io_bool(1);
    fscal_io_end();
    begin(None);
    fscal_io_end();
    assert_eq!(
        capture_take(),
        " x =           1  0.33333333333333331      T\n\n"
    );
}

#[test]
fn formatted_statement() {
    capture_start();
    begin(Some("(i3, f6.2, 1x, a, l2, i0)"));
    fscal_io_i32(5);
    fscal_io_f32(2.5);
    string("ok");
    fscal_io_bool(0);
    fscal_io_i64(-7);
    fscal_io_end();
    assert_eq!(capture_take(), "  5  2.50 ok F-7\n");
}

#[test]
fn capture_is_per_thread_and_resets() {
    let handles: Vec<_> = (0..4)
        .map(|k| {
            std::thread::spawn(move || {
                capture_start();
                for _ in 0..100 {
                    begin(Some("(i0)"));
                    fscal_io_i32(k);
                    fscal_io_end();
                }
                capture_take()
            })
        })
        .collect();
    for (k, h) in handles.into_iter().enumerate() {
        assert_eq!(h.join().unwrap(), format!("{k}\n").repeat(100));
    }
    capture_start();
    assert_eq!(capture_take(), "");
}

#[test]
fn render_reports_format_errors() {
    use fscal_runtime::format::Item;
    let e = fscal_runtime::io::render(Some("(i3, /, f5.1)"), &[Item::I32(1), Item::I32(2)])
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "Expected REAL for item 2 in formatted transfer, got INTEGER"
    );
    assert_eq!(e.partial, "  1\n");
    let e = fscal_runtime::io::render(Some("(i)"), &[]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Nonnegative width required in format: '(i)' at column 3"
    );
}
