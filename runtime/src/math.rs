//! Arithmetic and elemental math called from generated code.
//!
//! Integer and real-to-integer powers follow gfortran: `i ** j` with
//! `j < 0` is 0 unless `i` is 1 or -1, products wrap; `x ** n` with an
//! integer `n` uses repeated squaring like libgcc's `__powidf2`, so results
//! match gfortran bit for bit rather than `pow(x, n)`.

/// `fscal_pow_i32(a, b)`: Fortran `a ** b` on `integer(4)`.
#[no_mangle]
pub extern "C" fn fscal_pow_i32(a: i32, b: i32) -> i32 {
    fscal_pow_i64(a as i64, b as i64) as i32
}

/// `fscal_pow_i64(a, b)`: Fortran `a ** b` on `integer(8)`.
#[no_mangle]
pub extern "C" fn fscal_pow_i64(a: i64, b: i64) -> i64 {
    if b < 0 {
        return match a {
            1 => 1,
            -1 if b % 2 == 0 => 1,
            -1 => -1,
            _ => 0,
        };
    }
    // Wrapping arithmetic keeps the low bits exact, so truncating the i64
    // result gives the wrapped i32 power as well.
    let (mut base, mut exp, mut acc) = (a, b as u64, 1i64);
    while exp > 0 {
        if exp & 1 == 1 {
            acc = acc.wrapping_mul(base);
        }
        base = base.wrapping_mul(base);
        exp >>= 1;
    }
    acc
}

/// Repeated squaring with the operation order of libgcc's `__powi*f2`.
macro_rules! powi {
    ($x:expr, $m:expr, $one:expr) => {{
        let (mut x, m) = ($x, $m);
        let mut n = m.unsigned_abs();
        let mut y = if n % 2 == 1 { x } else { $one };
        n >>= 1;
        while n > 0 {
            x = x * x;
            if n % 2 == 1 {
                y *= x;
            }
            n >>= 1;
        }
        if m < 0 {
            $one / y
        } else {
            y
        }
    }};
}

/// `fscal_powi_f32(a, b)`: `real(4) ** integer`.
#[no_mangle]
pub extern "C" fn fscal_powi_f32(a: f32, b: i32) -> f32 {
    powi!(a, b, 1.0f32)
}

/// `fscal_powi_f64(a, b)`: `real(8) ** integer`.
#[no_mangle]
pub extern "C" fn fscal_powi_f64(a: f64, b: i32) -> f64 {
    powi!(a, b, 1.0f64)
}

/// `fscal_pow_f32(a, b)`: `real(4) ** real(4)` (C `powf`).
#[no_mangle]
pub extern "C" fn fscal_pow_f32(a: f32, b: f32) -> f32 {
    a.powf(b)
}

/// `fscal_pow_f64(a, b)`: `real(8) ** real(8)` (C `pow`).
#[no_mangle]
pub extern "C" fn fscal_pow_f64(a: f64, b: f64) -> f64 {
    a.powf(b)
}

/// Defines `fscal_<name>_f32` and `fscal_<name>_f64` from the std method.
macro_rules! unary_math {
    ($($f32name:ident, $f64name:ident, $method:ident;)*) => {$(
        #[doc = concat!("`", stringify!($f32name), "(x)`: `", stringify!($method), "` on `real(4)`.")]
        #[no_mangle]
        pub extern "C" fn $f32name(x: f32) -> f32 {
            x.$method()
        }
        #[doc = concat!("`", stringify!($f64name), "(x)`: `", stringify!($method), "` on `real(8)`.")]
        #[no_mangle]
        pub extern "C" fn $f64name(x: f64) -> f64 {
            x.$method()
        }
    )*};
}

unary_math! {
    fscal_sin_f32, fscal_sin_f64, sin;
    fscal_cos_f32, fscal_cos_f64, cos;
    fscal_tan_f32, fscal_tan_f64, tan;
    fscal_exp_f32, fscal_exp_f64, exp;
    fscal_log_f32, fscal_log_f64, ln;
    fscal_atan_f32, fscal_atan_f64, atan;
    fscal_log10_f32, fscal_log10_f64, log10;
}

/// `fscal_atan2_f32(y, x)`.
#[no_mangle]
pub extern "C" fn fscal_atan2_f32(y: f32, x: f32) -> f32 {
    y.atan2(x)
}

/// `fscal_atan2_f64(y, x)`.
#[no_mangle]
pub extern "C" fn fscal_atan2_f64(y: f64, x: f64) -> f64 {
    y.atan2(x)
}

/// `fscal_nint_f32(x)`: nearest integer, halves away from zero, saturating
/// (NaN gives 0).
#[no_mangle]
pub extern "C" fn fscal_nint_f32(x: f32) -> i64 {
    x.round() as i64
}

/// `fscal_nint_f64(x)`: as [`fscal_nint_f32`].
#[no_mangle]
pub extern "C" fn fscal_nint_f64(x: f64) -> i64 {
    x.round() as i64
}

/// `fscal_fmod_f32(a, p)`: C `fmodf`, exact, with the sign of `a` (real
/// `mod`; `modulo` adjusts its result in generated code).
#[no_mangle]
pub extern "C" fn fscal_fmod_f32(a: f32, p: f32) -> f32 {
    a % p
}

/// `fscal_fmod_f64(a, p)`: as [`fscal_fmod_f32`].
#[no_mangle]
pub extern "C" fn fscal_fmod_f64(a: f64, p: f64) -> f64 {
    a % p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_powers() {
        assert_eq!(fscal_pow_i32(2, 10), 1024);
        assert_eq!(fscal_pow_i32(-3, 3), -27);
        assert_eq!(fscal_pow_i32(0, 0), 1);
        assert_eq!(fscal_pow_i32(0, 5), 0);
        assert_eq!(fscal_pow_i32(2, -1), 0);
        assert_eq!(fscal_pow_i32(0, -1), 0);
        assert_eq!(fscal_pow_i32(1, -5), 1);
        assert_eq!(fscal_pow_i32(-1, -3), -1);
        assert_eq!(fscal_pow_i32(-1, -4), 1);
        assert_eq!(fscal_pow_i32(-1, i32::MIN), 1);
        assert_eq!(fscal_pow_i32(2, 31), i32::MIN);
        assert_eq!(fscal_pow_i32(3, 40), 3i32.wrapping_pow(40));
        assert_eq!(fscal_pow_i64(3, 40), 3i64.wrapping_pow(40));
        assert_eq!(fscal_pow_i64(-2, 63), i64::MIN);
        assert_eq!(fscal_pow_i64(7, 1000), 7i64.wrapping_pow(1000));
    }

    #[test]
    fn real_integer_powers_match_gfortran() {
        // Bit patterns printed by gfortran 12 for `x**n` with a variable n.
        assert_eq!(fscal_powi_f64(1.1, 10).to_bits(), 0x4004_BFFC_0C03_023D);
        assert_eq!(fscal_powi_f32(1.1, 10).to_bits(), 0x4025_FFE3);
        assert_eq!(fscal_powi_f64(1.1, 3).to_bits(), 0x3FF5_4BC6_A7EF_9DB4);
        assert_eq!(fscal_powi_f64(1.1, -7).to_bits(), 0x3FE0_6BCA_92EF_4A05);
        assert_eq!(fscal_powi_f64(1.1, 31).to_bits(), 0x4033_31C0_6E07_93B8);
        assert_eq!(fscal_powi_f32(1.1, 1000), f32::INFINITY);
        assert_eq!(fscal_powi_f64(2.0, -2), 0.25);
        assert_eq!(fscal_powi_f64(f64::NAN, 0), 1.0);
        assert_eq!(fscal_powi_f32(-2.0, 3), -8.0);
        assert_eq!(fscal_powi_f32(10.0, -1), 0.1);
        assert_eq!(fscal_powi_f64(0.0, -1), f64::INFINITY);
        assert_eq!(fscal_powi_f64(2.0, i32::MIN), 0.0);
    }

    #[test]
    fn nearest_integer() {
        assert_eq!(fscal_nint_f64(2.5), 3);
        assert_eq!(fscal_nint_f64(-2.5), -3);
        assert_eq!(fscal_nint_f64(0.49999999999999994), 0);
        assert_eq!(fscal_nint_f32(-0.5), -1);
        assert_eq!(fscal_nint_f64(1e300), i64::MAX);
        assert_eq!(fscal_nint_f64(-1e300), i64::MIN);
        assert_eq!(fscal_nint_f64(f64::NAN), 0);
    }

    #[test]
    fn elemental_math() {
        assert_eq!(fscal_log10_f64(1000.0), 3.0);
        assert_eq!(fscal_exp_f32(0.0), 1.0);
        assert_eq!(fscal_atan2_f64(1.0, 1.0), std::f64::consts::FRAC_PI_4);
        assert_eq!(fscal_pow_f64(2.0, 0.5), std::f64::consts::SQRT_2);
        assert_eq!(fscal_fmod_f64(-7.5, 2.0), -1.5);
        assert_eq!(fscal_fmod_f32(7.5, -2.0), 1.5);
    }
}
