//! Helpers for building loop IR by hand and running it through the JIT.
//!
//! Output is captured per thread by the runtime, so tests may run in
//! parallel. Results are compared as whitespace-separated tokens so that the
//! tests do not depend on list-directed field widths.

#![allow(dead_code)]

use fscal_backend::{compile, Config, OptLevel};
use fscal_scalarizer::ir::*;

/// An integer(8) constant.
pub fn i64c(v: i64) -> Expr {
    Expr::Const(Const::I64(v))
}

/// An integer(4) constant.
pub fn i32c(v: i32) -> Expr {
    Expr::Const(Const::I32(v))
}

/// A real(8) constant.
pub fn f64c(v: f64) -> Expr {
    Expr::Const(Const::F64(v))
}

/// A real(4) constant.
pub fn f32c(v: f32) -> Expr {
    Expr::Const(Const::F32(v))
}

/// A logical constant.
pub fn boolc(v: bool) -> Expr {
    Expr::Const(Const::Bool(v))
}

/// Read a local.
pub fn local(l: LocalId) -> Expr {
    Expr::Local(l)
}

/// A binary operation.
pub fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
    Expr::Binary(op, Box::new(a), Box::new(b))
}

/// A comparison.
pub fn cmp(op: CmpOp, a: Expr, b: Expr) -> Expr {
    Expr::Cmp(op, Box::new(a), Box::new(b))
}

/// A unary operation.
pub fn un(op: UnOp, a: Expr) -> Expr {
    Expr::Unary(op, Box::new(a))
}

/// A conversion.
pub fn conv(ty: ScalarTy, a: Expr) -> Expr {
    Expr::Convert(ty, Box::new(a))
}

/// `local = local + e`.
pub fn add_to(l: LocalId, e: Expr) -> Stmt {
    Stmt::Set(l, bin(BinOp::Add, local(l), e))
}

/// A new user loop side-table entry.
pub fn user_loop(ir: &mut LoopIr) -> LoopId {
    ir.add_loop(LoopInfo {
        origin: LoopOrigin::User,
        independent: false,
        reversed: false,
    })
}

/// `do var = start, end, step: body`.
pub fn do_loop(
    id: LoopId,
    var: LocalId,
    start: Expr,
    end: Expr,
    step: Expr,
    body: Vec<Stmt>,
) -> Stmt {
    Stmt::Loop(Loop {
        id,
        var,
        start,
        end,
        step,
        body,
    })
}

/// A list-directed `print *, items...`.
pub fn print(ir: &LoopIr, items: Vec<Expr>) -> Vec<Stmt> {
    let mut out = vec![Stmt::Call(
        RtFn::IoBegin,
        vec![i64c(0), i64c(0), i64c(1), i64c(1)],
    )];
    for item in items {
        let f = match ir.ty(&item) {
            ScalarTy::I32 => RtFn::IoI32,
            ScalarTy::I64 => RtFn::IoI64,
            ScalarTy::F32 => RtFn::IoF32,
            ScalarTy::F64 => RtFn::IoF64,
            ScalarTy::Bool => RtFn::IoBool,
        };
        out.push(Stmt::Call(f, vec![item]));
    }
    out.push(Stmt::Call(RtFn::IoEnd, vec![]));
    out
}

/// Append a print of `items` to the program body.
pub fn push_print(ir: &mut LoopIr, items: Vec<Expr>) {
    let stmts = print(ir, items);
    ir.body.extend(stmts);
}

/// Compile at every optimisation level, run, and return the output tokens
/// (checking that both levels agree).
pub fn run(ir: &LoopIr) -> Vec<String> {
    let fast = run_with(ir, OptLevel::Speed);
    let plain = run_with(ir, OptLevel::None);
    assert_eq!(fast, plain, "opt_level=speed and opt_level=none disagree");
    fast
}

/// Compile at `opt_level`, run, and return the output tokens.
pub fn run_with(ir: &LoopIr, opt_level: OptLevel) -> Vec<String> {
    let config = Config {
        opt_level,
        ..Config::default()
    };
    let kernel = compile(ir, &config).unwrap_or_else(|e| panic!("{e}"));
    fscal_runtime::capture_start();
    kernel.run();
    let out = fscal_runtime::capture_take();
    out.split_whitespace().map(str::to_string).collect()
}

/// The output tokens parsed as `f64`.
pub fn floats(tokens: &[String]) -> Vec<f64> {
    tokens
        .iter()
        .map(|t| t.parse().unwrap_or_else(|_| panic!("not a number: {t}")))
        .collect()
}

/// Allocate 1-D array `a` with bounds `lb:ub` (statements).
pub fn allocate_1d(ir: &mut LoopIr, a: ArrayId, lb: Expr, ub: Expr) -> Vec<Stmt> {
    let decl = &ir.arrays[a.index()];
    let (elem, name) = (decl.elem.size(), decl.name.clone());
    let name = ir.add_str(&name);
    vec![
        Stmt::Call(RtFn::BoundsPush, vec![lb]),
        Stmt::Call(RtFn::BoundsPush, vec![ub]),
        Stmt::Call(
            RtFn::Allocate,
            vec![
                Expr::DescAddr(a),
                i64c(1),
                i64c(elem),
                i64c(0),
                Expr::Str(name),
                i64c(ir.strings[name.index()].len() as i64),
                i64c(1),
                i64c(1),
            ],
        ),
    ]
}

/// The element offset of `a(i)` for a 1-D array: `offset + i * stride0`.
pub fn elem_1d(a: ArrayId, i: Expr) -> Box<Addr> {
    let scaled = bin(BinOp::Mul, i, Expr::Desc(a, DescField::Stride(0)));
    Box::new(Addr {
        array: a,
        index: bin(BinOp::Add, Expr::Desc(a, DescField::Offset), scaled),
    })
}

/// Declare a user array.
pub fn array(ir: &mut LoopIr, name: &str, elem: ScalarTy, rank: u8) -> ArrayId {
    ir.add_array(ArrayDecl {
        name: name.into(),
        elem,
        rank,
        kind: ArrayKind::User,
    })
}
