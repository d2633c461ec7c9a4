//! Heap arrays: allocation through the runtime, element stores and loads of
//! every element type, descriptor fields, temporaries reallocated in a loop.

mod common;

use common::*;
use fscal_backend::{compile, Config};
use fscal_scalarizer::ir::*;

/// `a(lb:ub)` of `elem`, filled with `value(i)` and read back: prints every
/// element and the sum of the elements converted to `I64`.
fn fill_and_read(elem: ScalarTy, lb: i64, ub: i64, value: fn(Expr) -> Expr) -> Vec<String> {
    let mut ir = LoopIr::default();
    let a = array(&mut ir, "a", elem, 1);
    let i = ir.add_local("i", ScalarTy::I64);
    let s = ir.add_local("s", ScalarTy::I64);
    let fill = user_loop(&mut ir);
    let read = user_loop(&mut ir);
    let alloc = allocate_1d(&mut ir, a, i64c(lb), i64c(ub));
    ir.body.extend(alloc);
    let store = Stmt::Store(*elem_1d(a, local(i)), value(local(i)));
    ir.body
        .push(do_loop(fill, i, i64c(lb), i64c(ub), i64c(1), vec![store]));
    let mut body = print(&ir, vec![Expr::Load(elem_1d(a, local(i)))]);
    let as_int = conv(ScalarTy::I64, Expr::Load(elem_1d(a, local(i))));
    body.push(add_to(s, as_int));
    ir.body
        .push(do_loop(read, i, i64c(lb), i64c(ub), i64c(1), body));
    push_print(&mut ir, vec![local(s)]);
    run(&ir)
}

#[test]
fn i32_elements() {
    let out = fill_and_read(ScalarTy::I32, -2, 3, |i| {
        conv(ScalarTy::I32, bin(BinOp::Mul, i, i64c(10)))
    });
    assert_eq!(out, ["-20", "-10", "0", "10", "20", "30", "30"]);
}

#[test]
fn i64_elements() {
    let big = |i| bin(BinOp::Mul, i, i64c(1 << 40));
    let out = fill_and_read(ScalarTy::I64, 1, 3, big);
    let expect: Vec<String> = [1i64 << 40, 2 << 40, 3 << 40, 6 << 40]
        .iter()
        .map(|v| v.to_string())
        .collect();
    assert_eq!(out, expect);
}

#[test]
fn f32_elements() {
    let half = |i| bin(BinOp::Div, conv(ScalarTy::F32, i), f32c(2.0));
    let out = floats(&fill_and_read(ScalarTy::F32, 0, 3, half));
    // Conversion to integer truncates: 0 + 0 + 1 + 1.
    assert_eq!(out, [0.0, 0.5, 1.0, 1.5, 2.0]);
}

#[test]
fn f64_elements() {
    let third = |i| bin(BinOp::Div, conv(ScalarTy::F64, i), f64c(4.0));
    let out = floats(&fill_and_read(ScalarTy::F64, 1, 4, third));
    assert_eq!(out, [0.25, 0.5, 0.75, 1.0, 1.0]);
}

#[test]
fn bool_elements() {
    let even = |i| cmp(CmpOp::Eq, bin(BinOp::Rem, i, i64c(2)), i64c(0));
    let out = fill_and_read(ScalarTy::Bool, 1, 5, even);
    assert_eq!(out, ["F", "T", "F", "T", "F", "2"]);
}

/// `b(1:3, 0:1)` in column-major order through offset and both strides;
/// descriptor fields read from generated code and from the kernel.
#[test]
fn two_dimensional_array_and_descriptor() {
    let mut ir = LoopIr::default();
    let b = array(&mut ir, "b", ScalarTy::I64, 2);
    let (i, j) = (
        ir.add_local("i", ScalarTy::I64),
        ir.add_local("j", ScalarTy::I64),
    );
    let s = ir.add_local("s", ScalarTy::I64);
    let (li, lj) = (user_loop(&mut ir), user_loop(&mut ir));
    let name = ir.add_str("b");
    for v in [1, 3, 0, 1] {
        ir.body.push(Stmt::Call(RtFn::BoundsPush, vec![i64c(v)]));
    }
    let args = vec![
        Expr::DescAddr(b),
        i64c(2),
        i64c(8),
        i64c(0),
        Expr::Str(name),
        i64c(1),
        i64c(1),
        i64c(1),
    ];
    ir.body.push(Stmt::Call(RtFn::Allocate, args));
    let index = |i, j| {
        let d0 = bin(BinOp::Mul, i, Expr::Desc(b, DescField::Stride(0)));
        let d1 = bin(BinOp::Mul, j, Expr::Desc(b, DescField::Stride(1)));
        Addr {
            array: b,
            index: bin(
                BinOp::Add,
                Expr::Desc(b, DescField::Offset),
                bin(BinOp::Add, d0, d1),
            ),
        }
    };
    let value = bin(BinOp::Add, bin(BinOp::Mul, local(i), i64c(10)), local(j));
    let inner = do_loop(
        li,
        i,
        i64c(1),
        i64c(3),
        i64c(1),
        vec![Stmt::Store(index(local(i), local(j)), value)],
    );
    ir.body
        .push(do_loop(lj, j, i64c(0), i64c(1), i64c(1), vec![inner]));
    // s = b(3, 0) * 1000 + b(2, 1)
    let load = |i, j| Expr::Load(Box::new(index(i64c(i), i64c(j))));
    ir.body.push(Stmt::Set(
        s,
        bin(
            BinOp::Add,
            bin(BinOp::Mul, load(3, 0), i64c(1000)),
            load(2, 1),
        ),
    ));
    let fields = vec![
        local(s),
        Expr::Desc(b, DescField::LBound(1)),
        Expr::Desc(b, DescField::Extent(0)),
        Expr::Desc(b, DescField::Stride(1)),
    ];
    push_print(&mut ir, fields);
    assert_eq!(run(&ir), ["30021", "0", "3", "3"]);

    let kernel = compile(&ir, &Config::default()).unwrap();
    fscal_runtime::capture_start();
    kernel.run();
    fscal_runtime::capture_take();
    let d = kernel.descriptor(b).unwrap();
    assert!(!d.base.is_null());
    assert_eq!(
        (d.rank, d.elem_size, d.dims[0].extent, d.dims[1].lbound),
        (2, 8, 3, 0)
    );
    assert!(kernel.descriptor(ArrayId(1)).is_none());
}

/// A temporary whose extent changes every outer iteration: allocated,
/// filled and summed in inner loops, freed. Descriptor loads must not be
/// hoisted across the allocation calls.
#[test]
fn temporary_reallocated_in_a_loop() {
    let mut ir = LoopIr::default();
    let t = ir.add_array(ArrayDecl {
        name: "t".into(),
        elem: ScalarTy::F64,
        rank: 1,
        kind: ArrayKind::Temp,
    });
    let (n, k) = (
        ir.add_local("n", ScalarTy::I64),
        ir.add_local("k", ScalarTy::I64),
    );
    let s = ir.add_local("s", ScalarTy::F64);
    let (outer, fill, sum) = (user_loop(&mut ir), user_loop(&mut ir), user_loop(&mut ir));
    let at = |k| Addr {
        array: t,
        index: bin(BinOp::Add, Expr::Desc(t, DescField::Offset), k),
    };
    let extent = Expr::Desc(t, DescField::Extent(0));
    let last = bin(BinOp::Sub, extent.clone(), i64c(1));
    let body = vec![
        Stmt::Call(
            RtFn::BoundsPush,
            vec![bin(BinOp::Mul, local(n), i64c(1000))],
        ),
        Stmt::Call(
            RtFn::TempAlloc,
            vec![Expr::DescAddr(t), i64c(1), i64c(8), i64c(1), i64c(1)],
        ),
        do_loop(
            fill,
            k,
            i64c(0),
            last.clone(),
            i64c(1),
            vec![Stmt::Store(at(local(k)), f64c(1.0))],
        ),
        do_loop(
            sum,
            k,
            i64c(0),
            last,
            i64c(1),
            vec![add_to(s, Expr::Load(Box::new(at(local(k)))))],
        ),
        Stmt::Call(RtFn::TempFree, vec![Expr::DescAddr(t)]),
    ];
    ir.body
        .push(do_loop(outer, n, i64c(1), i64c(20), i64c(1), body));
    push_print(&mut ir, vec![local(s), Expr::Desc(t, DescField::Base)]);
    // 1000 * (1 + 2 + ... + 20)
    assert_eq!(floats(&run(&ir)), [210000.0, 0.0]);
}

/// Deallocate and reallocate a user array with a different size between
/// two loops at the same nesting level.
#[test]
fn reallocate_between_loops() {
    let mut ir = LoopIr::default();
    let a = array(&mut ir, "a", ScalarTy::I32, 1);
    let i = ir.add_local("i", ScalarTy::I64);
    let s = ir.add_local("s", ScalarTy::I32);
    let (l1, l2) = (user_loop(&mut ir), user_loop(&mut ir));
    let name = ir.add_str("a");
    let alloc = allocate_1d(&mut ir, a, i64c(1), i64c(4));
    ir.body.extend(alloc);
    let store = |l, lb, ub| {
        do_loop(
            l,
            i,
            i64c(lb),
            i64c(ub),
            i64c(1),
            vec![Stmt::Store(*elem_1d(a, local(i)), i32c(7))],
        )
    };
    ir.body.push(store(l1, 1, 4));
    ir.body.push(add_to(s, Expr::Load(elem_1d(a, i64c(4)))));
    let dealloc = vec![
        Expr::DescAddr(a),
        Expr::Str(name),
        i64c(1),
        i64c(1),
        i64c(1),
    ];
    ir.body.push(Stmt::Call(RtFn::Deallocate, dealloc));
    let alloc = allocate_1d(&mut ir, a, i64c(100), i64c(200));
    ir.body.extend(alloc);
    ir.body.push(store(l2, 100, 200));
    ir.body.push(add_to(s, Expr::Load(elem_1d(a, i64c(200)))));
    push_print(&mut ir, vec![local(s), Expr::Desc(a, DescField::LBound(0))]);
    assert_eq!(run(&ir), ["14", "100"]);
}
