//! The public API: runtime symbols, CLIF output, errors, kernel reuse and
//! deeply nested programs.

mod common;

use common::*;
use fscal_backend::{
    compile, emit_clif, emit_clif_optimized, BackendError, Config, Kernel, OptLevel,
};
use fscal_scalarizer::ir::*;

/// The zero of a C-level type, as a constant argument.
fn zero_arg(ty: ScalarTy) -> Expr {
    match ty {
        ScalarTy::I32 => i32c(0),
        ScalarTy::I64 => i64c(0),
        ScalarTy::F32 => f32c(0.0),
        ScalarTy::F64 => f64c(0.0),
        ScalarTy::Bool => boolc(false),
    }
}

/// Calls every runtime function, each behind a condition that is false at
/// run time but unknown at compile time, so that every call is compiled and
/// linked (a missing symbol fails compilation) and none is executed.
#[test]
fn every_runtime_function_links() {
    let mut ir = LoopIr::default();
    let a = array(&mut ir, "a", ScalarTy::F64, 1);
    let never = cmp(CmpOp::Ne, Expr::Desc(a, DescField::Base), i64c(0));
    for f in RtFn::all() {
        let args = f.signature().0.into_iter().map(zero_arg).collect();
        let call = Stmt::Call(f, args);
        ir.body.push(Stmt::If {
            cond: never.clone(),
            then_body: vec![call],
            else_body: vec![],
        });
    }
    push_print(&mut ir, vec![i64c(1)]);
    for opt_level in [OptLevel::None, OptLevel::Speed] {
        assert_eq!(run_with(&ir, opt_level), ["1"]);
        let clif = emit_clif_optimized(
            &ir,
            &Config {
                opt_level,
                ..Config::default()
            },
        )
        .unwrap();
        assert!(clif.contains("call fn30"), "{clif}");
    }
}

#[test]
fn strings_are_printed() {
    let mut ir = LoopIr::default();
    let hello = ir.add_str("hello");
    let world = ir.add_str("world!");
    for s in [hello, world] {
        let len = i64c(ir.strings[s.index()].len() as i64);
        ir.body.push(Stmt::Call(
            RtFn::IoBegin,
            vec![i64c(0), i64c(0), i64c(1), i64c(1)],
        ));
        ir.body
            .push(Stmt::Call(RtFn::IoStr, vec![Expr::Str(s), len]));
        ir.body.push(Stmt::Call(RtFn::IoEnd, vec![]));
    }
    assert_eq!(run(&ir), ["hello", "world!"]);
}

/// A small program: a loop over an allocated array.
fn sample() -> LoopIr {
    let mut ir = LoopIr::default();
    let a = array(&mut ir, "a", ScalarTy::F64, 1);
    let i = ir.add_local("i", ScalarTy::I64);
    let s = ir.add_local("s", ScalarTy::F64);
    let l = user_loop(&mut ir);
    let alloc = allocate_1d(&mut ir, a, i64c(1), i64c(10));
    ir.body.extend(alloc);
    let body = vec![
        Stmt::Store(*elem_1d(a, local(i)), conv(ScalarTy::F64, local(i))),
        add_to(s, Expr::Load(elem_1d(a, local(i)))),
    ];
    ir.body
        .push(do_loop(l, i, i64c(1), i64c(10), i64c(1), body));
    push_print(&mut ir, vec![local(s)]);
    ir
}

#[test]
fn clif_text_is_deterministic() {
    let ir = sample();
    let config = Config::default();
    let first = emit_clif(&ir, &config).unwrap();
    assert_eq!(first, emit_clif(&ir, &config).unwrap());
    assert!(first.starts_with("function u0:0() system_v {"), "{first}");
    assert!(first.contains("readonly can_move"), "{first}");
}

/// Descriptor loads leave the loop at `opt_level=speed`: the loop body
/// block keeps only the element store and load.
#[test]
fn descriptor_loads_are_hoisted() {
    let clif = emit_clif_optimized(&sample(), &Config::default()).unwrap();
    let loop_block = clif.split("\nblock").find(|b| b.contains("store")).unwrap();
    assert!(!loop_block.contains("readonly"), "{clif}");
}

#[test]
fn kernel_runs_twice_and_moves_between_threads() {
    let kernel: Kernel = compile(&sample(), &Config::default()).unwrap();
    let kernel = std::thread::spawn(move || kernel).join().unwrap();
    for _ in 0..2 {
        fscal_runtime::capture_start();
        kernel.run();
        assert_eq!(
            floats(&[fscal_runtime::capture_take().trim().to_string()]),
            [55.0]
        );
    }
}

#[test]
fn ill_typed_ir_is_rejected() {
    let mut ir = LoopIr::default();
    let x = ir.add_local("x", ScalarTy::I32);
    ir.body.push(Stmt::Set(x, i64c(1)));
    let err = compile(&ir, &Config::default()).err().unwrap();
    assert!(matches!(err, BackendError::InvalidIr(_)), "{err}");

    let mut ir = LoopIr::default();
    let l = user_loop(&mut ir);
    ir.body.push(Stmt::Break(l));
    let err = emit_clif(&ir, &Config::default()).unwrap_err();
    assert!(err.to_string().contains("not an enclosing loop"), "{err}");

    let mut ir = LoopIr::default();
    ir.body.push(Stmt::Call(RtFn::IoI32, vec![f64c(1.0)]));
    let err = emit_clif(&ir, &Config::default()).unwrap_err();
    assert!(err.to_string().contains("IoI32"), "{err}");
}

/// Run `f` on a thread with a large stack: building and dropping deeply
/// nested `Expr` trees recurses in the test itself.
fn on_big_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn deeply_nested_expression() {
    on_big_stack(|| {
        let mut ir = LoopIr::default();
        let x = ir.add_local("x", ScalarTy::I64);
        ir.body.push(Stmt::Set(x, i64c(1)));
        let mut e = local(x);
        for _ in 0..20_000 {
            e = bin(BinOp::Add, e, local(x));
        }
        push_print(&mut ir, vec![e]);
        assert_eq!(run(&ir), ["20001"]);
    });
}

#[test]
fn deeply_nested_loops() {
    on_big_stack(|| {
        let mut ir = LoopIr::default();
        let n = ir.add_local("n", ScalarTy::I64);
        let mut body = vec![add_to(n, i64c(1))];
        for depth in 0..300 {
            let var = ir.add_local(format!("i{depth}"), ScalarTy::I32);
            let l = user_loop(&mut ir);
            let hi = if depth % 100 == 0 { 2 } else { 1 };
            body = vec![do_loop(l, var, i32c(1), i32c(hi), i32c(1), body)];
        }
        ir.body.extend(body);
        push_print(&mut ir, vec![local(n)]);
        // Three loops of two trips each.
        assert_eq!(run_with(&ir, OptLevel::Speed), ["8"]);
    });
}
