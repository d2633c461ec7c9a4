//! Editing of real values: `F`, `E`, `D`, `ES`, `EN`, `G` and the
//! list-directed form.
//!
//! Digits come from Rust's exact float formatting (`{:.*e}` and `{:.*}`),
//! which, like glibc's `printf`, rounds the exact binary value half to
//! even; gfortran lets `printf` do all rounding in the default rounding
//! mode. The choice between `F` and `E` form under `G` editing is made with
//! the same floating-point comparisons libgfortran performs, in the
//! precision of the item's kind, so boundary cases agree bit for bit.

use super::digits::{fixed_digits, round_to_power, sci_digits};
use super::parse::ExpStyle;
use super::FormatError;

/// A real item of kind 4 or 8.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Real {
    /// `real(4)`
    F32(f32),
    /// `real(8)`
    F64(f64),
}

impl Real {
    fn to_f64(self) -> f64 {
        match self {
            Real::F32(v) => f64::from(v),
            Real::F64(v) => v,
        }
    }
}

/// Run-time editing state that affects reals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RealCtx {
    /// Scale factor `kP`.
    pub scale: i32,
    /// `SP` in effect.
    pub plus: bool,
    /// `DC` in effect: decimal comma.
    pub comma: bool,
}

/// The three sign outcomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sign {
    None,
    Minus,
    Plus,
}

fn sign_of(negative: bool, ctx: &RealCtx) -> Sign {
    if negative {
        Sign::Minus
    } else if ctx.plus {
        Sign::Plus
    } else {
        Sign::None
    }
}

/// Which descriptor is being applied after `G` has been resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Form {
    F,
    Exp(ExpStyle),
}

/// A resolved real edit: field width `w` (0 = minimal), digits `d`,
/// exponent width `e` (`None` = unspecified, `Some(0)` = minimal).
#[derive(Debug, Clone, Copy)]
struct Spec {
    form: Form,
    w: usize,
    d: usize,
    e: Option<u32>,
    /// `G0`: no blanks anywhere, no exponent when it is zero.
    g0: bool,
    /// Blanks after the field (`G` editing in `F` form).
    npad: usize,
}

/// `Infinity` / `NaN` in a field of width `w` (0 = minimal).
fn inf_nan(x: f64, w: usize, g0: bool, ctx: &RealCtx) -> String {
    let negative = x.is_sign_negative();
    let sign = sign_of(negative, ctx);
    let signed = sign != Sign::None;
    let nb = if w == 0 || g0 {
        if x.is_nan() || !signed {
            3
        } else {
            4
        }
    } else {
        w
    };
    if nb < 3 || (x.is_infinite() && negative && nb == 3) {
        return "*".repeat(nb);
    }
    let mut out = vec![b' '; nb];
    if x.is_nan() {
        out[nb - 3..].copy_from_slice(b"NaN");
    } else {
        let mark = if signed { 8 } else { 7 };
        if nb > mark {
            out[nb - 8..].copy_from_slice(b"Infinity");
        } else {
            out[nb - 3..].copy_from_slice(b"Inf");
        }
        let s = if negative { b'-' } else { b'+' };
        if signed {
            if nb > 8 {
                out[nb - 9] = s;
            } else if nb > 3 {
                out[nb - 4] = s;
            }
        }
    }
    String::from_utf8(out).unwrap_or_default()
}

/// `10^k` computed by repeated multiplication in the kind's precision, as
/// libgfortran does for its `G` thresholds.
macro_rules! pow10 {
    ($t:ty, $k:expr) => {{
        let k: i32 = $k;
        let mut r: $t = 1.0;
        for _ in 0..k.unsigned_abs() {
            r *= 10.0;
        }
        if k >= 0 {
            r
        } else {
            1.0 / r
        }
    }};
}

/// For `G` editing: `None` selects `E` form, `Some(n)` selects `F` form
/// with `n` digits after the point.
macro_rules! g_choice {
    ($t:ty, $m:expr, $d:expr) => {{
        let m: $t = $m;
        let d: i32 = $d;
        let exp_d = pow10!($t, d);
        let r_sc: $t = 1.0 - 0.5 / exp_d;
        let low = (0.1f64 * f64::from(r_sc)) as $t;
        if d == 0 || (m > 0.0 && (m < low || 0.5 >= exp_d - m)) {
            None
        } else {
            // Smallest `mid` with `m < 10^(mid-1) * r_sc` (d + 1 if none).
            let mid = (0..=d + 1)
                .find(|&j| m < pow10!($t, j - 1) * r_sc)
                .unwrap_or(d + 1);
            Some(if m == 0.0 { d - 1 } else { d + 1 - mid })
        }
    }};
}

fn g_choice(x: Real, d: i32) -> Option<i32> {
    match x {
        Real::F32(v) => g_choice!(f32, v.abs(), d),
        Real::F64(v) => g_choice!(f64, v.abs(), d),
    }
}

/// Number of digits before the point for `EN` editing, determined from a
/// one-digit rendering as libgfortran does.
fn en_nbefore(x: Real) -> usize {
    let m = x.to_f64().abs();
    let (digits, mut e) = sci_digits(m, 0);
    if digits.first() == Some(&b'1') {
        let below_one = match x {
            Real::F32(v) => 1.0 - (pow10!(f32, -e) * v).abs() > 0.0,
            Real::F64(v) => 1.0 - (pow10!(f64, -e) * v).abs() > 0.0,
        };
        if below_one {
            e -= 1;
        }
    }
    e.rem_euclid(3) as usize
}

/// Apply an `F`, `E`, `D`, `ES` or `EN` descriptor.
pub fn edit_exp_or_f(
    x: Real,
    style: Option<ExpStyle>,
    w: u32,
    d: u32,
    e: Option<u32>,
    ctx: &RealCtx,
) -> Result<String, FormatError> {
    let form = style.map_or(Form::F, Form::Exp);
    let spec = Spec {
        form,
        w: w as usize,
        d: d as usize,
        e,
        g0: false,
        npad: 0,
    };
    let v = x.to_f64();
    if !v.is_finite() {
        return Ok(inf_nan(v, spec.w, false, ctx));
    }
    // `E0.d` etc.: minimal exponent, no blanks, no exponent when it is zero
    // (the same treatment as `G0`).
    // gfortran lays these out in the default width of `G0` and then drops
    // the blanks (widening instead of overflowing).
    let spec = if spec.w == 0 && spec.form != Form::F {
        Spec {
            e: Some(0),
            g0: true,
            w: default_g(x).0 as usize,
            ..spec
        }
    } else {
        spec
    };
    build(x, &spec, ctx.scale, ctx)
}

/// Apply `Gw.d[Ee]` (w > 0) or `G0[.d]` (w = 0) to a real. `comp_d` is 1
/// for list-directed output, which prints one more digit through its `1P`.
pub fn edit_g(
    x: Real,
    w: u32,
    d: Option<u32>,
    e: Option<u32>,
    comp_d: u32,
    ctx: &RealCtx,
) -> Result<String, FormatError> {
    let g0 = w == 0;
    let (w, d, e, comp_d) = if g0 {
        let (dw, dd, _) = default_g(x);
        let given = d.filter(|&d| d > 0);
        // An unspecified `d` with a positive scale factor loses the digit
        // the scale factor adds, as in list-directed output.
        let comp_d = u32::from(given.is_none() && ctx.scale > 0);
        (dw, given.unwrap_or(dd), Some(0), comp_d)
    } else {
        (w, d.unwrap_or(0), e, comp_d)
    };
    let v = x.to_f64();
    if !v.is_finite() {
        return Ok(inf_nan(v, w as usize, g0, ctx));
    }
    let base = Spec {
        form: Form::F,
        w: w as usize,
        d: d as usize,
        e,
        g0,
        npad: 0,
    };
    match g_choice(x, d as i32) {
        None => {
            let spec = Spec {
                form: Form::Exp(ExpStyle::E),
                d: (d - comp_d.min(d)) as usize,
                ..base
            };
            build(x, &spec, ctx.scale, ctx)
        }
        Some(decimals) => {
            let npad = match e {
                Some(e) if e > 0 => e as usize + 2,
                _ => 4,
            };
            let npad = if npad >= w as usize {
                (w as usize).saturating_sub(1)
            } else {
                npad
            };
            let npad = if g0 { 0 } else { npad };
            let spec = Spec {
                w: w as usize - npad,
                d: decimals.max(0) as usize,
                npad,
                ..base
            };
            build(x, &spec, 0, ctx)
        }
    }
}

/// `(w, d, e)` of list-directed output and of `G0` for the item's kind.
pub fn default_g(x: Real) -> (u32, u32, u32) {
    match x {
        Real::F32(_) => (16, 9, 2),
        Real::F64(_) => (25, 17, 3),
    }
}

/// List-directed output of one real: `1PG16.9E2` or `1PG25.17E3`.
pub fn list_directed(x: Real) -> String {
    let (w, d, e) = default_g(x);
    let ctx = RealCtx {
        scale: 1,
        plus: false,
        comma: false,
    };
    edit_g(x, w, Some(d), Some(e), 1, &ctx).unwrap_or_else(|_| "*".repeat(w as usize))
}

/// Digits and layout of a finite value, before padding.
struct Layout {
    digits: Vec<u8>,
    nbefore: usize,
    nzero: usize,
    nafter: usize,
    exp: i32,
    expchar: Option<u8>,
}

fn scale_error() -> FormatError {
    FormatError::runtime("Scale factor out of range in format specifier 'E' or 'D'")
}

/// Compute the digits and the decimal point position.
fn layout(x: Real, spec: &Spec, p: i32, zero: bool) -> Result<Layout, FormatError> {
    let m = x.to_f64().abs();
    let d = spec.d as i32;
    match spec.form {
        Form::F => Ok(layout_f(m, d, p)),
        Form::Exp(style) => {
            let (prec, exp_adjust) = match style {
                ExpStyle::E | ExpStyle::D => {
                    if p <= -d || p >= d + 2 {
                        return Err(scale_error());
                    }
                    (if p <= 0 { d + p - 1 } else { d }, p)
                }
                ExpStyle::Es => (d, 0),
                ExpStyle::En => (d + en_nbefore(x) as i32, 0),
            };
            let (digits, e10) = sci_digits(m, prec.max(0) as usize);
            let mut exp = if zero { 0 } else { e10 + 1 };
            let (nbefore, nzero, nafter);
            match style {
                ExpStyle::E | ExpStyle::D => {
                    if !zero {
                        exp -= exp_adjust;
                    }
                    (nbefore, nzero, nafter) = if p < 0 {
                        (0, (-p) as usize, (d + p) as usize)
                    } else if p > 0 {
                        (p as usize, 0, (d - p + 1) as usize)
                    } else {
                        (0, 0, d as usize)
                    };
                }
                ExpStyle::Es => {
                    if !zero {
                        exp -= 1;
                    }
                    (nbefore, nzero, nafter) = (1, 0, d as usize);
                }
                ExpStyle::En => {
                    if !zero {
                        exp -= 1;
                    }
                    let before = exp.rem_euclid(3);
                    exp -= before;
                    (nbefore, nzero, nafter) = (before as usize + 1, 0, d as usize);
                }
            }
            let expchar = if style == ExpStyle::D { b'D' } else { b'E' };
            Ok(Layout {
                digits,
                nbefore,
                nzero,
                nafter,
                exp,
                expchar: Some(expchar),
            })
        }
    }
}

/// `F` layout with scale factor `p`: the value times `10^p`, rounded
/// (half to even, on the exact binary value) to `d` decimals.
fn layout_f(m: f64, d: i32, p: i32) -> Layout {
    let places = d + p;
    let (mut all, point) = if places >= 0 {
        let (int, frac) = fixed_digits(m, places as usize);
        let point = int.len() as i32 + p;
        ([int, frac].concat(), point)
    } else {
        let int = round_to_power(m, (-places) as usize);
        let point = int.len() as i32 + p;
        (int, point)
    };
    let point = if point < 0 {
        all.splice(0..0, std::iter::repeat_n(b'0', (-point) as usize));
        0
    } else {
        point as usize
    };
    all.truncate(point + d as usize);
    let lead = all[..point].iter().take_while(|&&c| c == b'0').count();
    all.drain(..lead);
    Layout {
        digits: all,
        nbefore: point - lead,
        nzero: 0,
        nafter: d as usize,
        exp: 0,
        expchar: None,
    }
}

/// Width of the exponent field including the letter (`None`: too wide).
fn exponent_width(spec: &Spec, lay: &mut Layout) -> Option<usize> {
    if lay.expchar.is_none() {
        return Some(0);
    }
    let e = lay.exp;
    if spec.g0 && e == 0 {
        lay.expchar = None;
        return Some(0);
    }
    let ndig = e.unsigned_abs().to_string().len();
    match spec.e {
        None => {
            if e.unsigned_abs() > 999 {
                None
            } else {
                if e.unsigned_abs() > 99 {
                    lay.expchar = Some(b' ');
                }
                Some(4)
            }
        }
        Some(0) => Some(ndig + 2),
        Some(ew) => {
            if ndig > ew as usize {
                None
            } else {
                Some(ew as usize + 2)
            }
        }
    }
}

/// Lay out a finite value according to a resolved spec.
fn build(x: Real, spec: &Spec, p: i32, ctx: &RealCtx) -> Result<String, FormatError> {
    let v = x.to_f64();
    let negative = v.is_sign_negative();
    let mut zero = v == 0.0;
    let mut lay = layout(x, spec, p, zero)?;
    let edigits = exponent_width(spec, &mut lay);
    if lay.digits.iter().all(|&c| c == b'0') {
        zero = true;
    }
    let sign = sign_of(negative, ctx);
    let signed = sign != Sign::None;
    let body = lay.nbefore + lay.nzero + lay.nafter;
    let needed = body + edigits.unwrap_or(0) + 1 + usize::from(signed);
    let mut w = spec.w;
    if w == 0 {
        w = match (spec.form, zero) {
            (Form::F, true) => spec.d + usize::from(signed) + 1 + usize::from(spec.d == 0),
            (Form::F, false) => (body + usize::from(signed) + 1).max(2),
            // Room for the optional leading zero; blanks are dropped below.
            (Form::Exp(_), _) => needed,
        };
    }
    if spec.g0 {
        w = w.max(needed);
    }
    let total = w + if spec.g0 { 0 } else { spec.npad };
    if edigits.is_none() || needed > w || w == 1 || (w == 2 && signed) {
        return Ok("*".repeat(total));
    }
    let mut nblanks = w - needed;
    let leadzero = lay.nbefore == 0 && nblanks > 0;
    if leadzero {
        nblanks -= 1;
    }
    if spec.g0 {
        nblanks = 0;
    }
    let mut out = String::with_capacity(total);
    out.extend(std::iter::repeat_n(' ', nblanks));
    match sign {
        Sign::Minus => out.push('-'),
        Sign::Plus => out.push('+'),
        Sign::None => {}
    }
    if leadzero {
        out.push('0');
    }
    let mut digits = lay
        .digits
        .iter()
        .map(|&c| c as char)
        .chain(std::iter::repeat('0'));
    out.extend(digits.by_ref().take(lay.nbefore));
    out.push(if ctx.comma { ',' } else { '.' });
    out.extend(std::iter::repeat_n('0', lay.nzero));
    out.extend(digits.take(lay.nafter));
    if let (Some(c), Some(ew)) = (lay.expchar, edigits) {
        let mut width = ew;
        if c != b' ' {
            out.push(c as char);
            width -= 1;
        }
        let sign = if lay.exp < 0 { '-' } else { '+' };
        out.push(sign);
        out.push_str(&format!("{:0>1$}", lay.exp.unsigned_abs(), width - 1));
    }
    if !spec.g0 {
        out.extend(std::iter::repeat_n(' ', spec.npad));
    }
    Ok(out)
}
