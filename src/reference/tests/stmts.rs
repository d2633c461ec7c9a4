//! Control flow, `stop` and `print`.

use fscal_frontend::hir::{BinaryOp::*, Format, StmtKind, Type};
use fscal_runtime::format::{list_directed, Item};

use super::build::*;
use crate::reference::{run, Limits, Value as V};

#[test]
fn do_loop_variable_after_the_loop() {
    let mut b = B::new();
    let i = b.scalar("i", Type::Int4);
    let j = b.scalar("j", Type::Int4);
    let k = b.scalar("k", Type::Int8);
    let sum = b.scalar("sum", Type::Int4);
    let (l1, l2, l3) = (b.label(), b.label(), b.label());
    let p = b.program(vec![
        do_(
            l1,
            i,
            i4(1),
            i4(10),
            Some(i4(3)),
            vec![assign(b.var(sum), add(b.var(sum), b.var(i)))],
        ),
        do_(
            l2,
            j,
            i4(5),
            i4(1),
            None,
            vec![assign(b.var(sum), i4(-1000))],
        ),
        do_(l3, k, i8(10), i8(1), Some(i8(-4)), vec![]),
    ]);
    let (_, state) = run_ok(&p);
    assert_eq!(scalar(&state, sum), V::Int4(1 + 4 + 7 + 10));
    assert_eq!(scalar(&state, i), V::Int4(13));
    assert_eq!(scalar(&state, j), V::Int4(5));
    assert_eq!(scalar(&state, k), V::Int8(-2));
}

#[test]
fn trip_count_is_fixed_before_the_loop() {
    let mut b = B::new();
    let i = b.scalar("i", Type::Int4);
    let n = b.scalar("n", Type::Int4);
    let count = b.scalar("count", Type::Int4);
    let l = b.label();
    let p = b.program(vec![
        assign(b.var(n), i4(3)),
        do_(
            l,
            i,
            i4(1),
            b.var(n),
            None,
            vec![
                assign(b.var(n), add(b.var(n), i4(1))),
                assign(b.var(count), add(b.var(count), i4(1))),
            ],
        ),
    ]);
    let (_, state) = run_ok(&p);
    assert_eq!(scalar(&state, count), V::Int4(3));
    assert_eq!(scalar(&state, i), V::Int4(4));
}

#[test]
fn exit_and_cycle_target_their_loops() {
    let mut b = B::new();
    let i = b.scalar("i", Type::Int4);
    let j = b.scalar("j", Type::Int4);
    let hits = b.scalar("hits", Type::Int4);
    let (outer, inner) = (b.label(), b.label());
    let body = vec![
        if_(
            bin(Eq, b.var(j), i4(2)),
            vec![st(StmtKind::Cycle(inner))],
            vec![],
        ),
        if_(
            bin(Eq, b.var(i), i4(3)),
            vec![st(StmtKind::Exit(outer))],
            vec![],
        ),
        if_(
            bin(Eq, b.var(j), i4(4)),
            vec![st(StmtKind::Cycle(outer))],
            vec![],
        ),
        assign(b.var(hits), add(mul(b.var(hits), i4(10)), b.var(j))),
    ];
    let p = b.program(vec![do_(
        outer,
        i,
        i4(1),
        i4(5),
        None,
        vec![do_(inner, j, i4(1), i4(5), None, body)],
    )]);
    let (_, state) = run_ok(&p);
    // i = 1 and 2 each add digits 1, 3 (2 cycled, 4 cycles the outer loop).
    assert_eq!(scalar(&state, hits), V::Int4(1313));
    assert_eq!(scalar(&state, i), V::Int4(3));
    assert_eq!(scalar(&state, j), V::Int4(1));
}

#[test]
fn do_while_and_if_arms() {
    let mut b = B::new();
    let n = b.scalar("n", Type::Int4);
    let steps = b.scalar("steps", Type::Int4);
    let l = b.label();
    let collatz = st(StmtKind::If {
        arms: vec![(
            bin(
                Eq,
                call(
                    fscal_frontend::hir::Intrinsic::Mod,
                    vec![b.var(n), i4(2)],
                    Type::Int4,
                ),
                i4(0),
            ),
            vec![assign(b.var(n), bin(Div, b.var(n), i4(2)))],
        )],
        else_body: vec![assign(b.var(n), add(mul(b.var(n), i4(3)), i4(1)))],
    });
    let p = b.program(vec![
        assign(b.var(n), i4(27)),
        st(StmtKind::DoWhile {
            label: l,
            cond: bin(Ne, b.var(n), i4(1)),
            body: vec![collatz, assign(b.var(steps), add(b.var(steps), i4(1)))],
        }),
    ]);
    let (_, state) = run_ok(&p);
    assert_eq!(scalar(&state, steps), V::Int4(111));
}

#[test]
fn if_takes_the_first_true_arm() {
    let mut b = B::new();
    let x = b.scalar("x", Type::Int4);
    let p = b.program(vec![st(StmtKind::If {
        arms: vec![
            (lg(false), vec![assign(b.var(x), i4(1))]),
            (lg(true), vec![assign(b.var(x), i4(2))]),
            (lg(true), vec![assign(b.var(x), i4(3))]),
        ],
        else_body: vec![assign(b.var(x), i4(4))],
    })]);
    let (_, state) = run_ok(&p);
    assert_eq!(scalar(&state, x), V::Int4(2));
}

#[test]
fn endless_do_stops_at_exit() {
    let mut b = B::new();
    let x = b.scalar("x", Type::Int4);
    let l = b.label();
    let p = b.program(vec![st(StmtKind::DoWhile {
        label: l,
        cond: lg(true),
        body: vec![
            assign(b.var(x), add(b.var(x), i4(1))),
            if_(
                bin(Ge, b.var(x), i4(5)),
                vec![st(StmtKind::Exit(l))],
                vec![],
            ),
        ],
    })]);
    let (_, state) = run_ok(&p);
    assert_eq!(scalar(&state, x), V::Int4(5));
}

#[test]
fn stop_ends_the_program_and_keeps_output() {
    let mut b = B::new();
    let i = b.scalar("i", Type::Int4);
    let l = b.label();
    let p = b.program(vec![do_(
        l,
        i,
        i4(1),
        i4(10),
        None,
        vec![
            print(vec![b.var(i)]),
            if_(
                bin(Eq, b.var(i), i4(2)),
                vec![st(StmtKind::Stop(Some(i4(3))))],
                vec![],
            ),
        ],
    )]);
    let out = run(&p, &Limits::default());
    assert_eq!(out.stop_code, Some(3));
    assert_eq!(out.error, None);
    assert_eq!(
        out.output,
        list_directed(&[Item::I32(1)]) + &list_directed(&[Item::I32(2)])
    );
    let p = B::new().program(vec![st(StmtKind::Stop(None)), print(vec![i4(1)])]);
    let out = run(&p, &Limits::default());
    assert_eq!((out.stop_code, out.output.as_str()), (None, ""));
}

#[test]
fn print_expands_arrays_in_array_element_order() {
    let mut b = B::new();
    let m = b.array("m", Type::Real4, &[(1, 2), (1, 2)]);
    let mut body: Vec<_> = (1..=2)
        .flat_map(|j| (1..=2).map(move |i| (i, j)))
        .map(|(i, j)| assign(b.elem(m, vec![i4(i), i4(j)]), r4((10 * i + j) as f32)))
        .collect();
    body.push(print(vec![
        string("m ="),
        b.var(m),
        lg(true),
        i8(-5),
        r8(0.25),
    ]));
    let p = b.program(body);
    let (out, _) = run_ok(&p);
    let items = [
        Item::Str("m =".into()),
        Item::F32(11.0),
        Item::F32(21.0),
        Item::F32(12.0),
        Item::F32(22.0),
        Item::Bool(true),
        Item::I64(-5),
        Item::F64(0.25),
    ];
    assert_eq!(out.output, list_directed(&items));
}

#[test]
fn formatted_print_uses_the_format_engine() {
    use fscal_runtime::format::{format_items, parse_format};
    let p = B::new().program(vec![st(StmtKind::Print {
        format: Format::Text("(i4, f6.2)".into()),
        items: vec![i4(42), r8(1.25)],
    })]);
    let (out, _) = run_ok(&p);
    let f = parse_format("(i4, f6.2)").unwrap();
    assert_eq!(
        out.output,
        format_items(&f, &[Item::I32(42), Item::F64(1.25)]).unwrap()
    );
}
