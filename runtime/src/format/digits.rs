//! Exact decimal digits of binary floating-point values.
//!
//! Rust's float formatting with an explicit precision is exact and rounds
//! half to even on the exact binary value, which is what glibc's `printf`
//! (and so gfortran) does.

/// Decimal digits of `m >= 0` as `d.ddd x 10^exp` with `prec` digits after
/// the point: returns all `prec + 1` digits and `exp`.
pub fn sci_digits(m: f64, prec: usize) -> (Vec<u8>, i32) {
    // An f64 has at most 767 significant decimal digits; beyond that the
    // exact expansion continues with zeros (and Rust caps the precision).
    let s = format!("{:.*e}", prec.min(EXACT_LIMIT), m);
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let mut digits: Vec<u8> = mant.bytes().filter(u8::is_ascii_digit).collect();
    digits.resize(prec + 1, b'0');
    (digits, exp.parse().unwrap_or(0))
}

/// Digits past which every f64 expansion is exact zeros (at most 1074
/// fractional and 767 significant digits).
pub const EXACT_LIMIT: usize = 1100;

/// Decimal digits of `m >= 0` rounded to `prec` places: returns the digits
/// before the point (at least one) and after it.
pub fn fixed_digits(m: f64, prec: usize) -> (Vec<u8>, Vec<u8>) {
    let s = format!("{:.*}", prec.min(EXACT_LIMIT), m);
    let (int, frac) = s.split_once('.').unwrap_or((&s, ""));
    let mut frac = frac.as_bytes().to_vec();
    frac.resize(prec, b'0');
    (int.as_bytes().to_vec(), frac)
}

/// The decimal digits of `m >= 0` rounded half to even to a multiple of
/// `10^q` (`q >= 1`), exactly.
pub fn round_to_power(m: f64, q: usize) -> Vec<u8> {
    let mut int = format!("{:.0}", m.trunc()).into_bytes();
    let sticky = m.fract() != 0.0;
    if int.len() < q + 1 {
        let pad = q + 1 - int.len();
        int.splice(0..0, std::iter::repeat_n(b'0', pad));
    }
    let split = int.len() - q;
    let (kept, rest) = int.split_at(split);
    let half_cmp = rest[0].cmp(&b'5').then_with(|| {
        if rest[1..].iter().any(|&c| c != b'0') || sticky {
            std::cmp::Ordering::Greater
        } else {
            std::cmp::Ordering::Equal
        }
    });
    let mut kept = kept.to_vec();
    let odd = kept.last().is_some_and(|&c| (c - b'0') % 2 == 1);
    let up =
        half_cmp == std::cmp::Ordering::Greater || (half_cmp == std::cmp::Ordering::Equal && odd);
    if up {
        let mut i = kept.len();
        loop {
            if i == 0 {
                kept.insert(0, b'1');
                break;
            }
            i -= 1;
            if kept[i] == b'9' {
                kept[i] = b'0';
            } else {
                kept[i] += 1;
                break;
            }
        }
    }
    kept.extend(std::iter::repeat_n(b'0', q));
    kept
}
