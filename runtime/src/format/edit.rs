//! Editing of integer, logical and character items (`I`, `B`, `O`, `Z`,
//! `L`, `A`), following libgfortran's `write_decimal`, `write_boz`,
//! `write_l` and `write_a`.

/// `Iw[.m]` (w = 0: minimal width). `plus` is `SP` mode.
pub fn edit_i(v: i64, w: u32, m: Option<u32>, plus: bool) -> String {
    let (w, m) = (w as usize, m.map(|m| m as usize));
    if m == Some(0) && v == 0 {
        return " ".repeat(w.max(1));
    }
    let digits = v.unsigned_abs().to_string();
    let sign = if v < 0 {
        "-"
    } else if plus {
        "+"
    } else {
        ""
    };
    let nzero = m.unwrap_or(0).saturating_sub(digits.len());
    let len = sign.len() + nzero + digits.len();
    let w = if w == 0 { len } else { w };
    if len > w {
        return "*".repeat(w);
    }
    format!("{}{sign}{}{digits}", " ".repeat(w - len), "0".repeat(nzero))
}

/// `Bw[.m]`, `Ow[.m]`, `Zw[.m]` on the two's-complement bit pattern of an
/// integer `bits` wide.
pub fn edit_radix(v: i64, bits: u32, radix: u32, w: u32, m: Option<u32>) -> String {
    let (w, m) = (w as usize, m.map(|m| m as usize));
    let u = if bits == 64 {
        v as u64
    } else {
        (v as u64) & ((1u64 << bits) - 1)
    };
    if m == Some(0) && u == 0 {
        return " ".repeat(w.max(1));
    }
    let digits = match radix {
        2 => format!("{u:b}"),
        8 => format!("{u:o}"),
        _ => format!("{u:X}"),
    };
    let nzero = m.unwrap_or(0).saturating_sub(digits.len());
    let len = nzero + digits.len();
    let w = if w == 0 { len } else { w };
    if len > w {
        return "*".repeat(w);
    }
    format!("{}{}{digits}", " ".repeat(w - len), "0".repeat(nzero))
}

/// `Lw`: `w - 1` blanks then `T` or `F`.
pub fn edit_l(v: bool, w: u32) -> String {
    let w = w.max(1) as usize;
    format!("{}{}", " ".repeat(w - 1), if v { 'T' } else { 'F' })
}

/// `A[w]`: the whole string, or right-justified / truncated to `w`
/// characters.
pub fn edit_a(s: &str, w: Option<u32>) -> String {
    let Some(w) = w else {
        return s.to_string();
    };
    let w = w as usize;
    let len = s.chars().count();
    if w <= len {
        s.chars().take(w).collect()
    } else {
        format!("{}{s}", " ".repeat(w - len))
    }
}
