//! Allocation of user arrays and heap temporaries.
//!
//! Bounds reach [`fscal_allocate`] and [`fscal_temp_alloc`] through a
//! thread-local scratch buffer filled by [`fscal_bounds_push`], so generated
//! code needs no stack arrays. Every block starts with a [`HEADER`]-byte
//! header recording its total size, which is what [`fscal_temp_free`] and
//! [`fscal_deallocate`] hand back to the allocator. Zero-size arrays still
//! get a header, so a non-null `base` always means "allocated".
//!
//! Sizes are overflow-checked and allocation failure is a run-time error,
//! never an abort.

use std::alloc::{alloc, dealloc, Layout};
use std::cell::RefCell;

use crate::error::{name_from_raw, runtime_error};
use crate::{Descriptor, Dim, MAX_RANK};

/// Bytes in front of every block; also its alignment.
pub const HEADER: usize = 16;

thread_local! {
    /// Bounds pushed by `fscal_bounds_push`, consumed by the next allocation.
    static SCRATCH: RefCell<Vec<i64>> = const { RefCell::new(Vec::new()) };
}

/// Take (and clear) the scratch buffer.
fn take_scratch() -> Vec<i64> {
    SCRATCH.with(|s| std::mem::take(&mut *s.borrow_mut()))
}

/// Why a block could not be allocated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AllocError {
    /// The element count or byte size does not fit in 64 bits.
    Overflow {
        /// The extents.
        extents: Vec<i64>,
        /// Bytes per element.
        elem_size: i64,
    },
    /// The size exceeds the largest object the allocator accepts.
    TooLarge(u64),
    /// The allocator returned null.
    Failed(u64),
    /// Rank outside `0..=MAX_RANK` or too few bounds pushed.
    BadRank(i64),
}

impl AllocError {
    /// The run-time error message; `what` names the array, e.g. `array 'a'`.
    pub fn message(&self, what: &str) -> String {
        match self {
            AllocError::Overflow { extents, elem_size } => {
                let ext: Vec<String> = extents.iter().map(|e| e.to_string()).collect();
                format!(
                    "allocation of {what} failed: size of {} elements of {elem_size} bytes overflows",
                    ext.join(" x ")
                )
            }
            AllocError::TooLarge(n) => {
                format!("allocation of {n} bytes for {what} failed: larger than the maximum object size")
            }
            AllocError::Failed(n) => format!("allocation of {n} bytes for {what} failed"),
            AllocError::BadRank(r) => format!("allocation of {what} failed: invalid rank {r}"),
        }
    }
}

/// Column-major dimensions and the byte size for the given `(lb, ub)` pairs.
/// An upper bound below the lower bound gives extent 0.
pub fn plan(bounds: &[(i64, i64)], elem_size: i64) -> Result<(Vec<Dim>, u64), AllocError> {
    if bounds.len() > MAX_RANK {
        return Err(AllocError::BadRank(bounds.len() as i64));
    }
    let extents: Vec<i64> = bounds
        .iter()
        .map(|&(lb, ub)| {
            if ub < lb {
                0
            } else {
                ub.checked_sub(lb)
                    .and_then(|d| d.checked_add(1))
                    .unwrap_or(-1)
            }
        })
        .collect();
    let overflow = || AllocError::Overflow {
        extents: extents.clone(),
        elem_size,
    };
    let mut dims = Vec::with_capacity(bounds.len());
    let mut count: i64 = 1;
    for (&(lb, _), &ext) in bounds.iter().zip(&extents) {
        if ext < 0 {
            return Err(overflow());
        }
        dims.push(Dim {
            lbound: lb,
            extent: ext,
            stride: count,
        });
        count = count.checked_mul(ext).ok_or_else(overflow)?;
    }
    let bytes = count.checked_mul(elem_size.max(0)).ok_or_else(overflow)?;
    Ok((dims, bytes as u64))
}

/// Allocate `bytes` plus the header. Returns the data pointer.
fn raw_alloc(bytes: u64) -> Result<*mut u8, AllocError> {
    let total = (bytes as usize)
        .checked_add(HEADER)
        .filter(|_| bytes <= isize::MAX as u64)
        .ok_or(AllocError::TooLarge(bytes))?;
    let layout = Layout::from_size_align(total, HEADER).map_err(|_| AllocError::TooLarge(bytes))?;
    // SAFETY: `layout` has non-zero size (at least HEADER bytes).
    let p = unsafe { alloc(layout) };
    if p.is_null() {
        return Err(AllocError::Failed(bytes));
    }
    // SAFETY: the block is at least HEADER (>= 8) bytes and 16-aligned.
    unsafe { (p as *mut usize).write(total) };
    // SAFETY: HEADER <= total, so the result stays inside the block.
    Ok(unsafe { p.add(HEADER) })
}

/// Free a data pointer returned by [`raw_alloc`].
///
/// # Safety
/// `data` must come from [`raw_alloc`] and not have been freed.
unsafe fn raw_free(data: *mut u8) {
    // SAFETY: `data` is HEADER bytes into a block from `raw_alloc`.
    let p = unsafe { data.sub(HEADER) };
    // SAFETY: `raw_alloc` stored the total size at the start of the block.
    let total = unsafe { (p as *const usize).read() };
    // SAFETY: same size and alignment as the allocation.
    unsafe { dealloc(p, Layout::from_size_align_unchecked(total, HEADER)) };
}

/// Fill `desc` for a fresh block of the planned shape.
fn fill(desc: &mut Descriptor, dims: &[Dim], elem_size: i64, base: *mut u8) {
    *desc = Descriptor::empty();
    desc.base = base;
    desc.elem_size = elem_size;
    desc.rank = dims.len() as i64;
    desc.offset = -dims.iter().fold(0i64, |acc, d| {
        acc.wrapping_add(d.lbound.wrapping_mul(d.stride))
    });
    desc.dims[..dims.len()].copy_from_slice(dims);
}

/// Allocate `desc` with the given `(lb, ub)` bounds (the safe core of
/// [`fscal_allocate`]). Errors if the array is already allocated.
pub fn allocate(
    desc: &mut Descriptor,
    bounds: &[(i64, i64)],
    elem_size: i64,
    name: &str,
) -> Result<(), String> {
    let what = format!("array '{name}'");
    if !desc.base.is_null() {
        return Err(format!(
            "attempt to allocate already allocated array '{name}'"
        ));
    }
    let (dims, bytes) = plan(bounds, elem_size).map_err(|e| e.message(&what))?;
    let base = raw_alloc(bytes).map_err(|e| e.message(&what))?;
    fill(desc, &dims, elem_size, base);
    Ok(())
}

/// Free `desc` and mark it unallocated. Errors if it is not allocated.
///
/// # Safety
/// `desc.base` must be null or the live data pointer of an array allocated
/// by this module ([`allocate`], [`fscal_allocate`], [`fscal_temp_alloc`]).
pub unsafe fn deallocate(desc: &mut Descriptor, name: &str) -> Result<(), String> {
    if desc.base.is_null() {
        return Err(format!("attempt to deallocate unallocated array '{name}'"));
    }
    // SAFETY: the caller guarantees the base came from `raw_alloc`.
    unsafe { raw_free(desc.base) };
    desc.base = std::ptr::null_mut();
    Ok(())
}

/// Message for a use of an unallocated array.
pub fn not_allocated_message(name: &str) -> String {
    format!("array '{name}' is not allocated")
}

/// `fscal_bounds_push(v)`: push one bound (or extent) for the next
/// [`fscal_allocate`] or [`fscal_temp_alloc`].
#[no_mangle]
pub extern "C" fn fscal_bounds_push(v: i64) {
    SCRATCH.with(|s| s.borrow_mut().push(v));
}

/// `fscal_allocate(desc, rank, elem_size, bounds (unused, 0), name,
/// name_len, line, col)`: allocate a user array with the `2 * rank` bounds
/// `lb0, ub0, lb1, ub1, ...` pushed by [`fscal_bounds_push`].
///
/// # Safety
/// `desc` must point to a valid [`Descriptor`]; `name` must be null or point
/// to `name_len` readable bytes.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn fscal_allocate(
    desc: i64,
    rank: i64,
    elem_size: i64,
    _bounds: i64,
    name: i64,
    name_len: i64,
    line: i64,
    col: i64,
) {
    let scratch = take_scratch();
    // SAFETY: forwarded caller contract.
    let name = unsafe { name_from_raw(name, name_len) };
    if !(0..=MAX_RANK as i64).contains(&rank) || scratch.len() < 2 * rank as usize {
        runtime_error(
            line,
            col,
            &AllocError::BadRank(rank).message(&format!("array '{name}'")),
        );
    }
    let bounds: Vec<(i64, i64)> = scratch
        .chunks(2)
        .take(rank as usize)
        .map(|c| (c[0], c[1]))
        .collect();
    // SAFETY: the caller guarantees `desc` points to a valid descriptor.
    let desc = unsafe { &mut *(desc as *mut Descriptor) };
    if let Err(msg) = allocate(desc, &bounds, elem_size, &name) {
        runtime_error(line, col, &msg);
    }
}

/// `fscal_deallocate(desc, name, name_len, line, col)`.
///
/// # Safety
/// As for [`fscal_allocate`].
#[no_mangle]
pub unsafe extern "C" fn fscal_deallocate(
    desc: i64,
    name: i64,
    name_len: i64,
    line: i64,
    col: i64,
) {
    // SAFETY: the caller guarantees `desc` points to a valid descriptor.
    let d = unsafe { &mut *(desc as *mut Descriptor) };
    if d.base.is_null() {
        // SAFETY: forwarded caller contract.
        let name = unsafe { name_from_raw(name, name_len) };
        runtime_error(
            line,
            col,
            &format!("attempt to deallocate unallocated array '{name}'"),
        );
    }
    // SAFETY: generated code only stores pointers from this module in a
    // descriptor's base (the caller's contract).
    let _ = unsafe { deallocate(d, "") };
}

/// `fscal_temp_alloc(desc, rank, elem_size, line, col)`: allocate a
/// zero-based temporary with the `rank` extents pushed by
/// [`fscal_bounds_push`].
///
/// # Safety
/// `desc` must point to a valid [`Descriptor`].
#[no_mangle]
pub unsafe extern "C" fn fscal_temp_alloc(
    desc: i64,
    rank: i64,
    elem_size: i64,
    line: i64,
    col: i64,
) {
    let scratch = take_scratch();
    let what = "a temporary array";
    if !(0..=MAX_RANK as i64).contains(&rank) || scratch.len() < rank as usize {
        runtime_error(line, col, &AllocError::BadRank(rank).message(what));
    }
    let bounds: Vec<(i64, i64)> = scratch[..rank as usize]
        .iter()
        .map(|&e| (0, e.max(0) - 1))
        .collect();
    let (dims, bytes) =
        plan(&bounds, elem_size).unwrap_or_else(|e| runtime_error(line, col, &e.message(what)));
    let base = raw_alloc(bytes).unwrap_or_else(|e| runtime_error(line, col, &e.message(what)));
    // SAFETY: the caller guarantees `desc` points to a valid descriptor.
    let desc = unsafe { &mut *(desc as *mut Descriptor) };
    fill(desc, &dims, elem_size, base);
}

/// `fscal_temp_free(desc)`: free a temporary (no-op when unallocated).
///
/// # Safety
/// `desc` must point to a valid [`Descriptor`].
#[no_mangle]
pub unsafe extern "C" fn fscal_temp_free(desc: i64) {
    // SAFETY: the caller guarantees `desc` points to a valid descriptor.
    let d = unsafe { &mut *(desc as *mut Descriptor) };
    // SAFETY: as above, the base is null or comes from this module.
    let _ = unsafe { deallocate(d, "") };
}

/// `fscal_check_allocated(desc, name, name_len, line, col)`: error when the
/// array is not allocated.
///
/// # Safety
/// As for [`fscal_allocate`].
#[no_mangle]
pub unsafe extern "C" fn fscal_check_allocated(
    desc: i64,
    name: i64,
    name_len: i64,
    line: i64,
    col: i64,
) {
    // SAFETY: the caller guarantees `desc` points to a valid descriptor.
    let d = unsafe { &*(desc as *const Descriptor) };
    if d.base.is_null() {
        // SAFETY: forwarded caller contract.
        let name = unsafe { name_from_raw(name, name_len) };
        runtime_error(line, col, &not_allocated_message(&name));
    }
}
