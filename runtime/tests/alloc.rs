//! Allocation: bounds, strides, offsets, and the failure messages.

use fscal_runtime::alloc::{
    allocate, deallocate, fscal_allocate, fscal_bounds_push, fscal_deallocate, fscal_temp_alloc,
    fscal_temp_free, plan, AllocError,
};
use fscal_runtime::{Descriptor, Dim};

fn user_alloc(d: &mut Descriptor, bounds: &[(i64, i64)], elem_size: i64) {
    for &(lb, ub) in bounds {
        fscal_bounds_push(lb);
        fscal_bounds_push(ub);
    }
    let name = "a";
    // SAFETY: `d` is a valid descriptor and the name is a live string.
    unsafe {
        fscal_allocate(
            d as *mut Descriptor as i64,
            bounds.len() as i64,
            elem_size,
            0,
            name.as_ptr() as i64,
            1,
            1,
            1,
        )
    };
}

#[test]
fn column_major_strides_and_offset() {
    let mut d = Descriptor::empty();
    user_alloc(&mut d, &[(1, 10), (0, 4), (-2, 2)], 8);
    assert!(!d.base.is_null());
    assert_eq!(d.rank, 3);
    assert_eq!(d.elem_size, 8);
    assert_eq!(
        d.dims[0],
        Dim {
            lbound: 1,
            extent: 10,
            stride: 1
        }
    );
    assert_eq!(
        d.dims[1],
        Dim {
            lbound: 0,
            extent: 5,
            stride: 10
        }
    );
    assert_eq!(
        d.dims[2],
        Dim {
            lbound: -2,
            extent: 5,
            stride: 50
        }
    );
    // offset = -(lb0 * 1 + lb1 * 10 + lb2 * 50)
    assert_eq!(d.offset, -(1 - 2 * 50));
    // Every element is addressable: write them all through the descriptor.
    let base = d.base as *mut f64;
    for k in -2..=2 {
        for j in 0..=4 {
            for i in 1..=10 {
                let at = d.offset + i + j * 10 + k * 50;
                assert!((0..250).contains(&at));
                // SAFETY: `at` is within the 250 allocated elements.
                unsafe { base.add(at as usize).write((i + j + k) as f64) };
            }
        }
    }
    // SAFETY: `d` is a valid, allocated descriptor.
    unsafe { fscal_deallocate(&mut d as *mut Descriptor as i64, 0, 0, 1, 1) };
    assert!(d.base.is_null());
}

#[test]
fn empty_extent_still_allocated() {
    let mut d = Descriptor::empty();
    user_alloc(&mut d, &[(1, 0), (5, 7)], 4);
    assert!(!d.base.is_null());
    assert_eq!(d.dims[0].extent, 0);
    assert_eq!(
        d.dims[1],
        Dim {
            lbound: 5,
            extent: 3,
            stride: 0
        }
    );
    // SAFETY: `d` was allocated by `fscal_allocate`.
    unsafe { deallocate(&mut d, "a") }.unwrap();
}

#[test]
fn temporaries_are_zero_based() {
    let mut d = Descriptor::empty();
    fscal_bounds_push(3);
    fscal_bounds_push(4);
    let p = &mut d as *mut Descriptor as i64;
    // SAFETY: `p` points to a valid descriptor.
    unsafe { fscal_temp_alloc(p, 2, 8, 1, 1) };
    assert_eq!(
        d.dims[0],
        Dim {
            lbound: 0,
            extent: 3,
            stride: 1
        }
    );
    assert_eq!(
        d.dims[1],
        Dim {
            lbound: 0,
            extent: 4,
            stride: 3
        }
    );
    assert_eq!(d.offset, 0);
    // SAFETY: as above; freeing twice is a no-op the second time.
    unsafe {
        fscal_temp_free(p);
        fscal_temp_free(p);
    }
    assert!(d.base.is_null());
}

#[test]
fn double_allocate_and_unallocated_deallocate() {
    let mut d = Descriptor::empty();
    assert_eq!(
        // SAFETY: `d` is unallocated.
        unsafe { deallocate(&mut d, "a") }.unwrap_err(),
        "attempt to deallocate unallocated array 'a'"
    );
    allocate(&mut d, &[(1, 3)], 4, "a").unwrap();
    assert_eq!(
        allocate(&mut d, &[(1, 3)], 4, "a").unwrap_err(),
        "attempt to allocate already allocated array 'a'"
    );
    // SAFETY: `d` was allocated by `allocate`.
    unsafe { deallocate(&mut d, "a") }.unwrap();
}

#[test]
fn size_overflow_is_reported() {
    let big = (1, 1i64 << 40);
    let e = plan(&[big, big], 8).unwrap_err();
    assert_eq!(
        e.message("array 'a'"),
        "allocation of array 'a' failed: size of 1099511627776 x 1099511627776 elements of 8 bytes overflows"
    );
    let e = plan(&[(i64::MIN, i64::MAX)], 1).unwrap_err();
    assert!(matches!(e, AllocError::Overflow { .. }));
    let mut d = Descriptor::empty();
    let e = allocate(&mut d, &[(1, i64::MAX / 8)], 8, "a").unwrap_err();
    assert_eq!(
        e,
        "allocation of 9223372036854775800 bytes for array 'a' failed: larger than the maximum object size"
    );
    assert!(d.base.is_null());
}

#[test]
fn allocator_failure_is_reported() {
    // One pebibyte: the allocator refuses it without touching memory.
    let mut d = Descriptor::empty();
    let e = allocate(&mut d, &[(1, 1 << 47)], 8, "huge").unwrap_err();
    assert_eq!(
        e,
        "allocation of 1125899906842624 bytes for array 'huge' failed"
    );
    assert!(d.base.is_null());
}
