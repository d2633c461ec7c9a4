//! Every run-time error: message, span, and output kept before it.

use fscal_frontend::hir::{BinaryOp::*, Intrinsic, Span, StmtKind, Subscript, Type};
use fscal_runtime::format::{list_directed, Item};

use super::build::*;
use crate::reference::{run, run_with_state, Limits};

#[test]
fn element_out_of_bounds_names_array_dimension_index_and_bound() {
    let mut b = B::new();
    let m = b.array("m", Type::Int4, &[(1, 3), (0, 4)]);
    let p = b.program(vec![
        print(vec![i4(1)]),
        assign(b.elem(m, vec![i4(2), at(i4(5), 10, 17)]), i4(0)),
        print(vec![i4(2)]),
    ]);
    let (msg, span, out) = run_err(&p);
    assert_eq!(
        msg,
        "index 5 of dimension 2 of array 'm' above upper bound of 4"
    );
    assert_eq!(span, Span::new(10, 17));
    assert_eq!(out.output, list_directed(&[Item::I32(1)]));

    let mut b = B::new();
    let m = b.array("m", Type::Int4, &[(1, 3), (0, 4)]);
    let p = b.program(vec![print(vec![b.elem(m, vec![at(i4(0), 3, 9), i4(0)])])]);
    let (msg, span, _) = run_err(&p);
    assert_eq!(
        msg,
        "index 0 of dimension 1 of array 'm' below lower bound of 1"
    );
    assert_eq!(span, Span::new(3, 9));
}

#[test]
fn section_out_of_bounds_checks_the_last_selected_index() {
    let mut b = B::new();
    let a = b.array("a", Type::Int4, &[(1, 10)]);
    // 1:12:3 selects 1, 4, 7, 10; 2:12:3 selects 2, 5, 8, 11.
    let ok = b.sec(a, vec![tri(Some(1), Some(12), Some(3))]);
    // The last index is the end's fault: reported at `hi`.
    let bad = b.sec(
        a,
        vec![Subscript::Triplet {
            lo: Some(at(i8(2), 2, 3)),
            hi: Some(at(i8(12), 4, 8)),
            stride: Some(i8(3)),
        }],
    );
    let p = b.program(vec![print(vec![ok]), print(vec![bad])]);
    let (msg, span, _) = run_err(&p);
    assert_eq!(
        msg,
        "index 11 of dimension 1 of array 'a' above upper bound of 10"
    );
    assert_eq!(span, Span::new(4, 8));

    let mut b = B::new();
    let a = b.array("a", Type::Int4, &[(1, 10)]);
    // The first index is the start's fault: reported at `lo`.
    let lhs = b.sec(
        a,
        vec![Subscript::Triplet {
            lo: Some(at(i8(0), 6, 7)),
            hi: Some(at(i8(3), 8, 9)),
            stride: None,
        }],
    );
    let p = b.program(vec![assign(lhs, i4(1))]);
    assert_eq!(
        (run_err(&p).0.as_str(), run_err(&p).1),
        (
            "index 0 of dimension 1 of array 'a' below lower bound of 1",
            Span::new(6, 7)
        )
    );

    let mut b = B::new();
    let a = b.array("a", Type::Int4, &[(1, 10)]);
    let lhs = b.sec(
        a,
        vec![Subscript::Triplet {
            lo: Some(i8(3)),
            hi: Some(i8(1)),
            stride: Some(at(i8(0), 12, 13)),
        }],
    );
    let p = b.program(vec![assign(lhs, i4(1))]);
    assert_eq!(
        (run_err(&p).0.as_str(), run_err(&p).1),
        (
            "zero stride is not allowed in dimension 1 of array 'a'",
            Span::new(12, 13)
        )
    );
}

#[test]
fn vector_subscript_out_of_range() {
    let mut b = B::new();
    let a = b.array("a", Type::Int4, &[(-1, 1)]);
    let p = b.program(vec![print(vec![b.sec(a, vec![vsub(ivec(&[0, 1, 2]))])])]);
    assert_eq!(
        run_err(&p).0,
        "index 2 of dimension 1 of array 'a' above upper bound of 1"
    );
}

#[test]
fn nonconformable_shapes() {
    let mut b = B::new();
    let a = b.array("a", Type::Int4, &[(1, 4)]);
    let m = b.array("m", Type::Int4, &[(1, 2), (1, 3)]);
    let n = b.array("n", Type::Int4, &[(1, 2), (1, 2)]);
    let p = b.program(vec![print(vec![at(
        add(b.var(a), ivec(&[1, 2, 3])),
        5,
        20,
    )])]);
    let (msg, span, _) = run_err(&p);
    assert_eq!(msg, "array shapes do not conform in dimension 1 (4 and 3)");
    assert_eq!(span, Span::new(5, 20));

    let p2 = {
        let lhs = at(b.sec(a, vec![tri(Some(1), Some(2), None)]), 30, 37);
        b.program(vec![assign(lhs, ivec(&[1, 2, 3]))])
    };
    let (msg, span, _) = run_err(&p2);
    assert_eq!(msg, "array shapes do not conform in dimension 1 (2 and 3)");
    assert_eq!(span, Span::new(30, 37));

    let mut b = B::new();
    let _ = (a, m, n);
    let m = b.array("m", Type::Int4, &[(1, 2), (1, 3)]);
    let n = b.array("n", Type::Int4, &[(1, 2), (1, 2)]);
    let p3 = b.program(vec![assign(b.var(n), b.var(m))]);
    assert_eq!(
        run_err(&p3).0,
        "array shapes do not conform in dimension 2 (2 and 3)"
    );
}

#[test]
fn zero_do_step() {
    let mut b = B::new();
    let i = b.scalar("i", Type::Int4);
    let k = b.scalar("k", Type::Int4);
    let l = b.label();
    let p = b.program(vec![st_at(
        StmtKind::Do {
            label: l,
            var: i,
            start: i4(1),
            end: i4(2),
            step: Some(at(b.var(k), 50, 51)),
            body: vec![],
        },
        40,
        60,
    )]);
    // Reported at the step.
    let (msg, span, _) = run_err(&p);
    assert_eq!(msg, "DO loop step is zero");
    assert_eq!(span, Span::new(50, 51));

    let mut b = B::new();
    let i = b.scalar("i", Type::Int4);
    let c = at(
        ctor(
            vec![ido(
                i,
                i4(1),
                i4(2),
                Some(at(i4(0), 8, 9)),
                vec![item(b.var(i))],
            )],
            Type::Int4,
        ),
        7,
        9,
    );
    let p = b.program(vec![print(vec![c])]);
    let (msg, span, _) = run_err(&p);
    assert_eq!(
        (msg.as_str(), span),
        ("DO loop step is zero", Span::new(8, 9))
    );
}

#[test]
fn integer_division_by_zero() {
    assert_eq!(
        eval1_err(bin(Div, i4(1), i4(0))),
        "integer division by zero"
    );
    assert_eq!(
        eval1_err(bin(Div, i8(1), i8(0))),
        "integer division by zero"
    );
    assert_eq!(
        eval1_err(call(Intrinsic::Mod, vec![i4(1), i4(0)], Type::Int4)),
        "integer division by zero"
    );
    assert_eq!(
        eval1_err(call(Intrinsic::Modulo, vec![i8(1), i8(0)], Type::Int8)),
        "integer division by zero"
    );
    let mut b = B::new();
    let x = b.scalar("x", Type::Int4);
    let p = b.program(vec![assign(
        b.var(x),
        at(bin(Div, i4(1), at(b.var(x), 13, 14)), 11, 14),
    )]);
    // Reported at the divisor.
    assert_eq!(run_err(&p).1, Span::new(13, 14));
    // Real division by zero is IEEE, not an error.
    assert!(eval1(bin(Div, r8(1.0), r8(0.0)))
        .as_f64()
        .unwrap()
        .is_infinite());
}

#[test]
fn allocation_errors() {
    let mut b = B::new();
    let a = b.alloc("a", Type::Int4, 1);
    let p = b.program(vec![print(vec![at(b.var(a), 2, 3)])]);
    let (msg, span, _) = run_err(&p);
    assert_eq!(
        (msg.as_str(), span),
        ("array 'a' is not allocated", Span::new(2, 3))
    );

    let mut b = B::new();
    let a = b.alloc("a", Type::Int4, 1);
    let p = b.program(vec![assign(b.elem(a, vec![i4(1)]), i4(1))]);
    assert_eq!(run_err(&p).0, "array 'a' is not allocated");

    let mut b = B::new();
    let a = b.alloc("a", Type::Int4, 1);
    let p = b.program(vec![print(vec![inq(
        fscal_frontend::hir::Inquiry::Size,
        b.var(a),
        None,
    )])]);
    assert_eq!(run_err(&p).0, "array 'a' is not allocated");

    let mut b = B::new();
    let a = b.alloc("buf", Type::Int4, 1);
    let bounds = vec![(i8(1), i8(3))];
    let p = b.program(vec![st(StmtKind::Allocate(vec![
        (a, bounds.clone(), Span::new(1, 2)),
        (a, bounds, Span::new(5, 8)),
    ]))]);
    let (msg, span, _) = run_err(&p);
    assert_eq!(
        (msg.as_str(), span),
        (
            "attempt to allocate already allocated array 'buf'",
            Span::new(5, 8)
        )
    );

    let mut b = B::new();
    let a = b.alloc("buf", Type::Int4, 1);
    let p = b.program(vec![st(StmtKind::Deallocate(vec![(a, Span::new(4, 7))]))]);
    let (msg, span, _) = run_err(&p);
    assert_eq!(
        (msg.as_str(), span),
        (
            "attempt to deallocate unallocated array 'buf'",
            Span::new(4, 7)
        )
    );
}

#[test]
fn step_limit() {
    let mut b = B::new();
    let l = b.label();
    let p = b.program(vec![st_at(
        StmtKind::DoWhile {
            label: l,
            cond: lg(true),
            body: vec![],
        },
        0,
        5,
    )]);
    let out = run(
        &p,
        &Limits {
            max_steps: 1000,
            ..Limits::default()
        },
    );
    let e = out.error.unwrap();
    assert_eq!(
        (e.message.as_str(), e.span),
        ("step limit exceeded", Span::new(0, 5))
    );
}

#[test]
fn element_limit() {
    let mut b = B::new();
    let a = b.alloc("a", Type::Real8, 2);
    let bounds = vec![(i8(1), i8(1 << 40)), (i8(1), i8(1 << 40))];
    let p = b.program(vec![st(StmtKind::Allocate(vec![(
        a,
        bounds,
        Span::new(3, 4),
    )]))]);
    let (msg, _, _) = run_err(&p);
    assert!(msg.starts_with("allocation of array 'a' failed"), "{msg}");

    let mut b = B::new();
    let big = b.array("big", Type::Int4, &[(1, 1000)]);
    let _ = big;
    let p = b.program(vec![]);
    let (out, _) = run_with_state(
        &p,
        &Limits {
            max_elements: 100,
            ..Limits::default()
        },
    );
    assert!(out.error.unwrap().message.contains("exceeds the limit"));

    let mut b = B::new();
    let i = b.scalar("i", Type::Int4);
    let c = ctor(
        vec![ido(i, i4(1), i4(1000), None, vec![item(b.var(i))])],
        Type::Int4,
    );
    let p = b.program(vec![print(vec![c])]);
    let (out, _) = run_with_state(
        &p,
        &Limits {
            max_elements: 100,
            ..Limits::default()
        },
    );
    assert!(out.error.unwrap().message.contains("exceeds the limit"));
}
