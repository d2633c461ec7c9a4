//! Rendering diagnostics as `FILE:LINE:COL: error: message`, followed by
//! the source line and a caret under the column, as compilers do.

use std::fmt::Write;

use fscal_frontend::diagnostic::{line_col, Diagnostic, Severity};

/// Render diagnostics for the file `name` with contents `src`.
pub fn render(name: &str, src: &str, diags: &[Diagnostic]) -> String {
    let mut out = String::new();
    for d in diags {
        let (line, col) = line_col(src, d.span.start);
        let severity = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let _ = writeln!(out, "{name}:{line}:{col}: {severity}: {}", d.message);
        let text = src.lines().nth(line - 1).unwrap_or("");
        let _ = writeln!(out, "{line:>5} | {text}");
        let pad: String = text
            .chars()
            .take(col - 1)
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        let width = span_width(src, d, text, col);
        let _ = writeln!(out, "      | {pad}{}", "^".repeat(width));
        for note in &d.notes {
            let _ = writeln!(out, "      = note: {note}");
        }
    }
    out
}

/// Caret width: the span's characters on its first line (at least one).
fn span_width(src: &str, d: &Diagnostic, line_text: &str, col: usize) -> usize {
    let covered = src.get(d.span.start..d.span.end).unwrap_or("");
    let on_line = covered.split('\n').next().unwrap_or("").chars().count();
    let rest = line_text.chars().count().saturating_sub(col - 1);
    on_line.min(rest).max(1)
}
