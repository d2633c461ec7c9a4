//! `fscal explain`: every scalarizer decision, as text or JSON.

use std::fmt::Write;

use fscal_scalarizer::NestReport;

/// Human-readable explanation of every scalarized assignment.
pub fn text(file: &str, nests: &[NestReport]) -> String {
    let mut out = String::new();
    for n in nests {
        let _ = writeln!(out, "{file}:{}: {}", n.line, n.text);
        let _ = writeln!(out, "  ss chain:");
        for t in &n.terms {
            let _ = writeln!(
                out,
                "    {:<9} {}  (base offset {})",
                t.role, t.text, t.base
            );
            for d in &t.dims {
                let _ = writeln!(out, "              {d}");
            }
        }
        let _ = writeln!(out, "  loops (loop 1 innermost):");
        for l in &n.loops {
            let dir = if l.reversed { ", runs backwards" } else { "" };
            let _ = writeln!(
                out,
                "    loop {}: {} .. {}, bounds from {}{dir}",
                l.dim, l.lo, l.hi, l.bounds_from
            );
        }
        if !n.verdicts.is_empty() {
            let _ = writeln!(out, "  dependences:");
            for v in &n.verdicts {
                let _ = writeln!(out, "    {v}");
            }
        }
        let _ = match &n.temporary {
            None if n.guard.is_some() => writeln!(
                out,
                "  decision: chosen before the loops at run time: {}",
                n.guard.as_deref().unwrap_or_default()
            ),
            None if n.reversed.iter().any(|r| *r) => {
                writeln!(out, "  decision: in place, with reversed loops")
            }
            None => writeln!(out, "  decision: in place"),
            Some(why) => {
                let bytes = n.temp_bytes.map_or_else(
                    || "size known at run time".to_string(),
                    |b| format!("{b} bytes"),
                );
                writeln!(
                    out,
                    "  decision: temporary of shape ({}), {bytes}: {why}",
                    n.temp_shape.join(", ")
                )
            }
        };
        out.push('\n');
    }
    out
}

/// The same facts as JSON: an array with one object per assignment.
pub fn json(file: &str, nests: &[NestReport]) -> String {
    let mut out = String::from("[");
    for (i, n) in nests.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("\n  {");
        let _ = write!(
            out,
            "\"file\": {}, \"line\": {}, \"statement\": {}, ",
            q(file),
            n.line,
            q(&n.text)
        );
        let _ = write!(out, "\"rank\": {}, ", n.rank);
        out.push_str("\"terms\": [");
        for (k, t) in n.terms.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            let _ = write!(
                out,
                "{{\"role\": {}, \"reference\": {}, \"base_offset\": {}, \"dims\": {}}}",
                q(&t.role),
                q(&t.text),
                q(&t.base),
                list(&t.dims)
            );
        }
        out.push_str("], \"loops\": [");
        for (k, l) in n.loops.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            let _ = write!(
                out,
                "{{\"dim\": {}, \"lo\": {}, \"hi\": {}, \"bounds_from\": {}, \"reversed\": {}}}",
                l.dim,
                q(&l.lo),
                q(&l.hi),
                q(&l.bounds_from),
                l.reversed
            );
        }
        let _ = write!(out, "], \"dependences\": {}, ", list(&n.verdicts));
        match &n.guard {
            None => out.push_str("\"guard\": null, "),
            Some(g) => {
                let _ = write!(out, "\"guard\": {}, ", q(g));
            }
        }
        match &n.temporary {
            None => out.push_str("\"temporary\": null"),
            Some(why) => {
                let bytes = n
                    .temp_bytes
                    .map_or_else(|| "null".to_string(), |b| b.to_string());
                let _ = write!(
                    out,
                    "\"temporary\": {{\"reason\": {}, \"shape\": {}, \"bytes\": {bytes}}}",
                    q(why),
                    list(&n.temp_shape)
                );
            }
        }
        out.push('}');
    }
    out.push_str("\n]\n");
    out
}

fn list(items: &[String]) -> String {
    let parts: Vec<String> = items.iter().map(|s| q(s)).collect();
    format!("[{}]", parts.join(", "))
}

/// A JSON string literal.
fn q(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::q;

    #[test]
    fn json_strings_are_escaped() {
        assert_eq!(q("a\"b\\c\nd\u{1}"), "\"a\\\"b\\\\c\\nd\\u0001\"");
    }
}
