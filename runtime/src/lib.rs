//! The fscal runtime: what JIT-compiled code calls.
//!
//! - [`Descriptor`]: the `#[repr(C)]` array descriptor every array and
//!   temporary lives behind;
//! - allocation of arrays and heap temporaries with overflow-checked sizes;
//! - math and formatted output (`extern "C"`), the format engine itself in
//!   [`format`] (pure Rust, shared with the reference evaluator);
//! - run-time error reporting: `FILE:LINE:COL: runtime error: ...`, exit 2.
//!
//! This crate depends on no other workspace crate.
//!
//! ```
//! use fscal_runtime::format::{list_directed, Item};
//! use fscal_runtime::{alloc, Descriptor};
//!
//! // `real(8) :: a(10)`: column-major, lower bound 1, offset -1.
//! let mut a = Descriptor::empty();
//! alloc::allocate(&mut a, &[(1, 10)], 8, "a").unwrap();
//! assert_eq!((a.dims[0].extent, a.dims[0].stride, a.offset), (10, 1, -1));
//! // SAFETY: `a` was allocated by `alloc::allocate`.
//! unsafe { alloc::deallocate(&mut a, "a") }.unwrap();
//!
//! // `print *, 1, 0.5d0`, exactly as gfortran writes it.
//! let text = list_directed(&[Item::I32(1), Item::F64(0.5)]);
//! assert_eq!(text, "           1  0.50000000000000000     \n");
//! ```

#![warn(missing_docs)]

pub mod alloc;
pub mod error;
pub mod format;
pub mod io;
pub mod math;

pub use error::set_source_name;
pub use io::{capture_start, capture_take, flush_output};

/// Largest rank an array may have.
pub const MAX_RANK: usize = 7;

/// One dimension of a [`Descriptor`].
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Dim {
    /// Lower bound.
    pub lbound: i64,
    /// Number of elements (0 for an empty dimension).
    pub extent: i64,
    /// Distance between consecutive elements, in elements.
    pub stride: i64,
}

/// An array descriptor. The address of element `(i_1, ..., i_r)` is
/// `base + (offset + sum_d i_d * dims[d].stride) * elem_size`, so
/// `offset = -sum_d dims[d].lbound * dims[d].stride` for a fresh array.
/// `base` is null exactly when the array is not allocated.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Descriptor {
    /// Data pointer; null when unallocated.
    pub base: *mut u8,
    /// Element offset (see above).
    pub offset: i64,
    /// Bytes per element.
    pub elem_size: i64,
    /// Rank.
    pub rank: i64,
    /// Per-dimension bounds and strides.
    pub dims: [Dim; MAX_RANK],
}

impl Descriptor {
    /// Byte offset of `base` in the struct.
    pub const BASE_OFFSET: i32 = 0;
    /// Byte offset of `offset`.
    pub const OFFSET_OFFSET: i32 = 8;
    /// Byte offset of `dims[d].lbound`.
    pub const fn lbound_offset(d: u8) -> i32 {
        32 + 24 * d as i32
    }
    /// Byte offset of `dims[d].extent`.
    pub const fn extent_offset(d: u8) -> i32 {
        32 + 24 * d as i32 + 8
    }
    /// Byte offset of `dims[d].stride`.
    pub const fn stride_offset(d: u8) -> i32 {
        32 + 24 * d as i32 + 16
    }
    /// An unallocated descriptor.
    pub const fn empty() -> Self {
        Descriptor {
            base: std::ptr::null_mut(),
            offset: 0,
            elem_size: 0,
            rank: 0,
            dims: [Dim {
                lbound: 0,
                extent: 0,
                stride: 0,
            }; MAX_RANK],
        }
    }
}

/// Every exported runtime function: its C symbol name and address, for
/// registration with the JIT linker. The names match `RtFn::symbol()` in
/// the scalarizer; the runtime does not depend on it, so a cross-check test
/// elsewhere keeps the two lists equal.
pub fn symbols() -> Vec<(&'static str, *const u8)> {
    macro_rules! syms {
        ($($module:ident :: $f:ident),* $(,)?) => {
            vec![$((stringify!($f), $module::$f as *const u8)),*]
        };
    }
    syms![
        alloc::fscal_allocate,
        alloc::fscal_deallocate,
        alloc::fscal_bounds_push,
        alloc::fscal_temp_alloc,
        alloc::fscal_temp_free,
        alloc::fscal_check_allocated,
        error::fscal_err_bounds,
        error::fscal_err_shape,
        error::fscal_err_zero_step,
        error::fscal_err_zero_stride,
        error::fscal_err_div_zero,
        io::fscal_io_begin,
        io::fscal_io_i32,
        io::fscal_io_i64,
        io::fscal_io_f32,
        io::fscal_io_f64,
        io::fscal_io_bool,
        io::fscal_io_str,
        io::fscal_io_end,
        io::fscal_stop,
        math::fscal_pow_i32,
        math::fscal_fmod_f32,
        math::fscal_fmod_f64,
        math::fscal_pow_i64,
        math::fscal_powi_f32,
        math::fscal_powi_f64,
        math::fscal_pow_f32,
        math::fscal_pow_f64,
        math::fscal_atan2_f32,
        math::fscal_atan2_f64,
        math::fscal_nint_f32,
        math::fscal_nint_f64,
        math::fscal_sin_f32,
        math::fscal_sin_f64,
        math::fscal_cos_f32,
        math::fscal_cos_f64,
        math::fscal_tan_f32,
        math::fscal_tan_f64,
        math::fscal_exp_f32,
        math::fscal_exp_f64,
        math::fscal_log_f32,
        math::fscal_log_f64,
        math::fscal_atan_f32,
        math::fscal_atan_f64,
        math::fscal_log10_f32,
        math::fscal_log10_f64,
    ]
}
