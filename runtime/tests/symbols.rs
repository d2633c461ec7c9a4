//! The exported symbol list: names the JIT registers.

use std::collections::BTreeSet;

#[test]
fn symbol_names_are_complete_and_unique() {
    let expected = [
        "fscal_allocate",
        "fscal_deallocate",
        "fscal_bounds_push",
        "fscal_temp_alloc",
        "fscal_temp_free",
        "fscal_check_allocated",
        "fscal_err_bounds",
        "fscal_err_shape",
        "fscal_err_zero_step",
        "fscal_err_zero_stride",
        "fscal_err_div_zero",
        "fscal_io_begin",
        "fscal_io_i32",
        "fscal_io_i64",
        "fscal_io_f32",
        "fscal_io_f64",
        "fscal_io_bool",
        "fscal_io_str",
        "fscal_io_end",
        "fscal_stop",
        "fscal_pow_i32",
        "fscal_pow_i64",
        "fscal_powi_f32",
        "fscal_powi_f64",
        "fscal_pow_f32",
        "fscal_pow_f64",
        "fscal_atan2_f32",
        "fscal_atan2_f64",
        "fscal_nint_f32",
        "fscal_nint_f64",
        "fscal_fmod_f32",
        "fscal_fmod_f64",
        "fscal_sin_f32",
        "fscal_sin_f64",
        "fscal_cos_f32",
        "fscal_cos_f64",
        "fscal_tan_f32",
        "fscal_tan_f64",
        "fscal_exp_f32",
        "fscal_exp_f64",
        "fscal_log_f32",
        "fscal_log_f64",
        "fscal_atan_f32",
        "fscal_atan_f64",
        "fscal_log10_f32",
        "fscal_log10_f64",
    ];
    let syms = fscal_runtime::symbols();
    let got: BTreeSet<&str> = syms.iter().map(|(n, _)| *n).collect();
    assert_eq!(got.len(), syms.len(), "duplicate symbol");
    assert_eq!(got, expected.iter().copied().collect::<BTreeSet<_>>());
    assert!(syms.iter().all(|(_, p)| !p.is_null()));
}
