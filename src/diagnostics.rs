//! Rendering diagnostics as `FILE:LINE:COL: error: message`, followed by
//! the source line and a caret under the column, as compilers do.

use std::fmt::Write;

use fscal_frontend::diagnostic::{line_col, Diagnostic, Severity};

/// Longest source excerpt shown, in characters; longer lines are cut to a
/// window around the column.
const MAX_EXCERPT: usize = 120;

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
        let text: Vec<char> = src.lines().nth(line - 1).unwrap_or("").chars().collect();
        let width = span_width(src, d, text.len(), col);
        let (excerpt, caret_at) = window(&text, col - 1);
        let _ = writeln!(out, "{line:>5} | {excerpt}");
        let pad: String = excerpt
            .chars()
            .take(caret_at)
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        let width = width
            .min(excerpt.chars().count().saturating_sub(caret_at))
            .max(1);
        let _ = writeln!(out, "      | {pad}{}", "^".repeat(width));
        for note in &d.notes {
            let _ = writeln!(out, "      = note: {note}");
        }
    }
    out
}

/// The part of a line to show and the caret's position in it: the whole
/// line when it is short, else a window around `at` marked with `...`.
fn window(text: &[char], at: usize) -> (String, usize) {
    if text.len() <= MAX_EXCERPT {
        return (text.iter().collect(), at);
    }
    let half = MAX_EXCERPT / 2;
    let start = at
        .saturating_sub(half)
        .min(text.len().saturating_sub(MAX_EXCERPT));
    let end = (start + MAX_EXCERPT).min(text.len());
    let mut s = String::new();
    let mut caret = at - start;
    if start > 0 {
        s.push_str("...");
        caret += 3;
    }
    s.extend(&text[start..end]);
    if end < text.len() {
        s.push_str("...");
    }
    (s, caret)
}

/// Line and column (in characters) of the first invalid byte of a file
/// that is not UTF-8.
pub fn utf8_error_position(bytes: &[u8], at: usize) -> (usize, usize) {
    let before = &bytes[..at.min(bytes.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let col = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
    (line, col)
}

/// Caret width: the span's characters on its first line (at least one).
fn span_width(src: &str, d: &Diagnostic, line_len: usize, col: usize) -> usize {
    let covered = src.get(d.span.start..d.span.end).unwrap_or("");
    let on_line = covered.split('\n').next().unwrap_or("").chars().count();
    let rest = line_len.saturating_sub(col - 1);
    on_line.min(rest).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use fscal_frontend::ast::Span;

    #[test]
    fn short_lines_are_shown_whole_with_a_caret() {
        let src = "program p\n  x = 1\nend program p\n";
        let d = Diagnostic::error(Span::new(12, 13), "'x' is not declared");
        assert_eq!(
            render("t.f90", src, &[d]),
            "t.f90:2:3: error: 'x' is not declared\n    2 |   x = 1\n      |   ^\n"
        );
    }

    #[test]
    fn long_lines_are_cut_around_the_column() {
        let line = format!("  y = {}z", "x + ".repeat(100));
        let src = format!("program p\n{line}\nend program p\n");
        let at = src.find('z').unwrap();
        let d = Diagnostic::error(Span::new(at, at + 1), "bad");
        let text = render("t.f90", &src, &[d]);
        let excerpt = text.lines().nth(1).unwrap();
        let caret = text.lines().nth(2).unwrap();
        assert!(excerpt.len() < 140, "{excerpt}");
        assert_eq!(excerpt.chars().nth(caret.find('^').unwrap()), Some('z'));
    }
}
