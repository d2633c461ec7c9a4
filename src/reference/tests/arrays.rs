//! Whole arrays, sections, vector subscripts, constructors, inquiry.

use fscal_frontend::hir::{BinaryOp, Inquiry, StmtKind, Type};

use super::build::*;
use crate::reference::Value as V;

/// `a = [1, 2, ..., n]` for an array with bounds `lo..=hi`.
fn iota(b: &B, a: fscal_frontend::hir::SymbolId, n: i64) -> fscal_frontend::hir::Stmt {
    assign(b.var(a), ivec(&(1..=n).collect::<Vec<_>>()))
}

#[test]
fn whole_array_assignment_and_broadcast() {
    let mut b = B::new();
    let a = b.array("a", Type::Int4, &[(1, 3)]);
    let c = b.array("c", Type::Int4, &[(0, 2)]);
    let p = b.program(vec![
        assign(b.var(a), i4(7)),
        assign(b.var(c), add(b.var(a), ivec(&[1, 2, 3]))),
        assign(b.var(a), mul(b.var(c), b.var(c))),
    ]);
    let (_, state) = run_ok(&p);
    assert_eq!(ints(&state, c), [8, 9, 10]);
    assert_eq!(ints(&state, a), [64, 81, 100]);
    assert_eq!(state.array_bounds(c), Some(vec![(0, 2)]));
}

#[test]
fn overlapping_shift_reads_the_old_values() {
    let mut b = B::new();
    let a = b.array("a", Type::Int4, &[(1, 5)]);
    let c = b.array("c", Type::Int4, &[(1, 5)]);
    let p = b.program(vec![
        iota(&b, a, 5),
        assign(
            b.sec(a, vec![tri(Some(2), Some(5), None)]),
            b.sec(a, vec![tri(Some(1), Some(4), None)]),
        ),
        iota(&b, c, 5),
        assign(
            b.sec(c, vec![tri(Some(1), Some(4), None)]),
            b.sec(c, vec![tri(Some(2), Some(5), None)]),
        ),
    ]);
    let (_, state) = run_ok(&p);
    assert_eq!(ints(&state, a), [1, 1, 2, 3, 4]);
    assert_eq!(ints(&state, c), [2, 3, 4, 5, 5]);
}

#[test]
fn negative_strides() {
    let mut b = B::new();
    let a = b.array("a", Type::Int4, &[(1, 6)]);
    let r = b.array("r", Type::Int4, &[(1, 3)]);
    let p = b.program(vec![
        iota(&b, a, 6),
        assign(b.var(r), b.sec(a, vec![tri(Some(6), Some(1), Some(-2))])),
        // Reverse in place: the right side is a temporary.
        assign(b.sec(a, vec![tri(Some(6), Some(1), Some(-1))]), b.var(a)),
    ]);
    let (_, state) = run_ok(&p);
    assert_eq!(ints(&state, r), [6, 4, 2]);
    assert_eq!(ints(&state, a), [6, 5, 4, 3, 2, 1]);
    // a(::-1) with defaults runs from lbound down to ubound: empty.
    let mut b = B::new();
    let a = b.array("a", Type::Int4, &[(1, 4)]);
    let p = b.program(vec![
        iota(&b, a, 4),
        assign(b.sec(a, vec![tri(Some(4), Some(1), Some(-1))]), b.var(a)),
        assign(b.sec(a, vec![tri(None, None, Some(-1))]), i4(0)),
    ]);
    let (_, state) = run_ok(&p);
    assert_eq!(ints(&state, a), [4, 3, 2, 1]);
}

#[test]
fn strided_overlap() {
    let mut b = B::new();
    let a = b.array("a", Type::Int4, &[(1, 8)]);
    let p = b.program(vec![
        iota(&b, a, 8),
        assign(
            b.sec(a, vec![tri(Some(3), Some(8), Some(2))]),
            b.sec(a, vec![tri(Some(1), Some(6), Some(2))]),
        ),
    ]);
    let (_, state) = run_ok(&p);
    assert_eq!(ints(&state, a), [1, 2, 1, 4, 3, 6, 5, 8]);
}

#[test]
fn vector_subscripts_read_and_write() {
    let mut b = B::new();
    let a = b.array("a", Type::Int4, &[(1, 5)]);
    let r = b.array("r", Type::Int4, &[(1, 4)]);
    let p = b.program(vec![
        assign(b.var(a), ivec(&[10, 20, 30, 40, 50])),
        assign(b.var(r), b.sec(a, vec![vsub(ivec(&[5, 1, 1, 3]))])),
        assign(
            b.sec(a, vec![vsub(ivec(&[2, 4]))]),
            b.sec(a, vec![vsub(ivec(&[4, 2]))]),
        ),
    ]);
    let (_, state) = run_ok(&p);
    assert_eq!(ints(&state, r), [50, 10, 10, 30]);
    assert_eq!(ints(&state, a), [10, 40, 30, 20, 50]);
}

#[test]
fn rank2_sections_are_column_major_and_scalar_subscripts_reduce_rank() {
    let mut b = B::new();
    let m = b.array("m", Type::Int4, &[(0, 2), (-1, 1)]);
    let row = b.array("row", Type::Int4, &[(1, 3)]);
    let col = b.array("col", Type::Int4, &[(1, 3)]);
    let sub = b.array("sub", Type::Int4, &[(1, 2), (1, 2)]);
    // m(i, j) = 1 + i + 3*(j+1): 1..9 in array element order.
    let mut body = Vec::new();
    for j in -1..=1 {
        for i in 0..=2 {
            body.push(assign(
                b.elem(m, vec![i4(i), i4(j)]),
                i4(1 + i + 3 * (j + 1)),
            ));
        }
    }
    body.extend([
        assign(b.var(row), b.sec(m, vec![s(i4(1)), all()])),
        assign(b.var(col), b.sec(m, vec![all(), s(i4(1))])),
        assign(
            b.var(sub),
            b.sec(
                m,
                vec![
                    tri(Some(2), Some(0), Some(-2)),
                    tri(Some(-1), Some(1), Some(2)),
                ],
            ),
        ),
    ]);
    let p = b.program(body);
    let (_, state) = run_ok(&p);
    assert_eq!(ints(&state, m), (1..=9).collect::<Vec<_>>());
    assert_eq!(ints(&state, row), [2, 5, 8]);
    assert_eq!(ints(&state, col), [7, 8, 9]);
    assert_eq!(ints(&state, sub), [3, 1, 9, 7]);
}

#[test]
fn zero_size_sections() {
    let mut b = B::new();
    let a = b.array("a", Type::Int4, &[(1, 3)]);
    let n = b.scalar("n", Type::Int4);
    let p = b.program(vec![
        iota(&b, a, 3),
        assign(b.sec(a, vec![tri(Some(3), Some(2), None)]), i4(99)),
        assign(
            b.sec(a, vec![tri(Some(10), Some(2), None)]),
            ctor(vec![], Type::Int4),
        ),
        assign(
            b.var(n),
            inq(
                Inquiry::Size,
                b.sec(a, vec![tri(Some(7), Some(1), None)]),
                None,
            ),
        ),
    ]);
    let (_, state) = run_ok(&p);
    assert_eq!(ints(&state, a), [1, 2, 3]);
    assert_eq!(scalar(&state, n), V::Int4(0));
}

#[test]
fn inquiry_of_whole_arrays_and_sections() {
    let mut b = B::new();
    let m = b.array("m", Type::Real8, &[(0, 4), (-1, 1)]);
    let e = b.array("e", Type::Real8, &[(5, 4)]);
    let res = b.array("res", Type::Int4, &[(1, 2)]);
    let out = b.array("out", Type::Int4, &[(1, 12)]);
    let k = b.scalar("k", Type::Int4);
    let sec = b.sec(m, vec![tri(Some(1), Some(3), None), all()]);
    let items = vec![
        item(inq(Inquiry::Size, b.var(m), None)),
        item(inq(Inquiry::Size, b.var(m), Some(i4(1)))),
        item(inq(Inquiry::Lbound, b.var(m), Some(i4(2)))),
        item(inq(Inquiry::Ubound, b.var(m), Some(i4(1)))),
        item(inq(Inquiry::Lbound, sec.clone(), None)),
        item(inq(Inquiry::Ubound, sec, None)),
        item(inq(Inquiry::Lbound, b.var(e), Some(i4(1)))),
        item(inq(Inquiry::Ubound, b.var(e), Some(i4(1)))),
        item(inq(Inquiry::Size, b.var(e), None)),
        item(inq(Inquiry::Shape, b.var(e), None)),
    ];
    let p = b.program(vec![
        assign(b.var(res), inq(Inquiry::Shape, b.var(m), None)),
        assign(b.var(out), ctor(items, Type::Int4)),
        assign(b.var(k), inq(Inquiry::Size, ivec(&[4, 5, 6]), Some(i4(1)))),
    ]);
    let (_, state) = run_ok(&p);
    assert_eq!(ints(&state, res), [5, 3]);
    assert_eq!(ints(&state, out)[..11], [15, 5, -1, 4, 1, 1, 3, 3, 1, 0, 0]);
    assert_eq!(scalar(&state, k), V::Int4(3));
}

#[test]
fn lbound_and_ubound_without_dim_are_arrays() {
    let mut b = B::new();
    let m = b.array("m", Type::Logical, &[(-2, 2), (3, 4)]);
    let l = b.array("l", Type::Int4, &[(1, 2)]);
    let u = b.array("u", Type::Int4, &[(1, 2)]);
    let p = b.program(vec![
        assign(b.var(l), inq(Inquiry::Lbound, b.var(m), None)),
        assign(b.var(u), inq(Inquiry::Ubound, b.var(m), None)),
    ]);
    let (_, state) = run_ok(&p);
    assert_eq!(ints(&state, l), [-2, 3]);
    assert_eq!(ints(&state, u), [2, 4]);
}

#[test]
fn nested_implied_do_and_scoping() {
    let mut b = B::new();
    let i = b.scalar("i", Type::Int4);
    let j = b.scalar("j", Type::Int4);
    let a = b.alloc("a", Type::Int4, 1);
    let inner = ido(
        j,
        i4(1),
        b.var(i),
        None,
        vec![item(add(mul(b.var(i), i4(10)), b.var(j)))],
    );
    let outer = ido(i, i4(1), i4(3), None, vec![inner, item(i4(0))]);
    let p = b.program(vec![
        assign(b.var(i), i4(-7)),
        st(StmtKind::Allocate(vec![(
            a,
            vec![(i8(1), i8(9))],
            Default::default(),
        )])),
        assign(b.var(a), ctor(vec![outer], Type::Int4)),
    ]);
    let (_, state) = run_ok(&p);
    assert_eq!(ints(&state, a), [11, 0, 21, 22, 0, 31, 32, 33, 0]);
    assert_eq!(scalar(&state, i), V::Int4(-7));
    assert_eq!(scalar(&state, j), V::Int4(0));
}

#[test]
fn implied_do_with_negative_step_and_arrays_spliced() {
    let mut b = B::new();
    let k = b.scalar("k", Type::Int4);
    let a = b.array("a", Type::Int4, &[(1, 7)]);
    let items = vec![
        item(ivec(&[100, 200])),
        ido(k, i4(5), i4(1), Some(i4(-2)), vec![item(b.var(k))]),
        ido(k, i4(1), i4(0), None, vec![item(i4(-1))]),
        item(bin(BinaryOp::Sub, ivec(&[9, 9]), ivec(&[1, 2]))),
    ];
    let p = b.program(vec![assign(b.var(a), ctor(items, Type::Int4))]);
    let (_, state) = run_ok(&p);
    assert_eq!(ints(&state, a), [100, 200, 5, 3, 1, 8, 7]);
}

#[test]
fn allocatable_lifecycle() {
    let mut b = B::new();
    let a = b.alloc("a", Type::Real8, 2);
    let n = b.scalar("n", Type::Int4);
    let alloc = |lo: i64, hi: i64| {
        st(StmtKind::Allocate(vec![(
            a,
            vec![(i8(lo), i8(hi)), (i8(1), i8(2))],
            Default::default(),
        )]))
    };
    let p = b.program(vec![
        alloc(0, 2),
        assign(b.var(a), r8(1.5)),
        assign(b.elem(a, vec![i4(2), i4(2)]), r8(4.0)),
        assign(b.var(n), inq(Inquiry::Lbound, b.var(a), Some(i4(1)))),
        st(StmtKind::Deallocate(vec![(a, Default::default())])),
        alloc(-1, 0),
    ]);
    let (_, state) = run_ok(&p);
    assert_eq!(scalar(&state, n), V::Int4(0));
    assert_eq!(state.array_bounds(a), Some(vec![(-1, 0), (1, 2)]));
    assert_eq!(state.array_values(a), Some(vec![V::Real8(0.0); 4]));
}

#[test]
fn a_million_elements() {
    let n = 1_000_000;
    let mut b = B::new();
    let a = b.alloc("a", Type::Real8, 1);
    let i = b.scalar("i", Type::Int4);
    let fill = ctor(
        vec![ido(
            i,
            i4(1),
            i4(n),
            None,
            vec![item(conv(b.var(i), Type::Real8))],
        )],
        Type::Real8,
    );
    let p = b.program(vec![
        st(StmtKind::Allocate(vec![(
            a,
            vec![(i8(1), i8(n))],
            Default::default(),
        )])),
        assign(b.var(a), fill),
        assign(
            b.sec(a, vec![tri(Some(2), Some(n), None)]),
            add(
                b.sec(a, vec![tri(Some(1), Some(n - 1), None)]),
                b.sec(a, vec![tri(Some(2), Some(n), None)]),
            ),
        ),
        assign(b.var(a), mul(b.var(a), r8(0.5))),
    ]);
    let (_, state) = run_ok(&p);
    let v = state.array_elements(a).unwrap();
    assert_eq!(v[0], V::Real8(0.5));
    assert_eq!(v[n as usize - 1], V::Real8((2 * n - 1) as f64 * 0.5));
}
