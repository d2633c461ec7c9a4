//! Loops and branches: DO semantics, while, if, break and continue.

mod common;

use common::*;
use fscal_scalarizer::ir::*;

#[test]
fn sum_one_to_hundred() {
    let mut ir = LoopIr::default();
    let i = ir.add_local("i", ScalarTy::I64);
    let s = ir.add_local("s", ScalarTy::I64);
    let l = user_loop(&mut ir);
    ir.body.push(do_loop(
        l,
        i,
        i64c(1),
        i64c(100),
        i64c(1),
        vec![add_to(s, local(i))],
    ));
    push_print(&mut ir, vec![local(s), local(i)]);
    assert_eq!(run(&ir), ["5050", "101"]);
}

/// Count the trips of `do i = start, end, step` with an `I32` or `I64`
/// variable; print the count and the final value of `i`.
fn trips(ty: ScalarTy, start: i64, end: i64, step: i64) -> Vec<String> {
    let mut ir = LoopIr::default();
    let i = ir.add_local("i", ty);
    let n = ir.add_local("n", ScalarTy::I64);
    let l = user_loop(&mut ir);
    let c = |v: i64| {
        if ty == ScalarTy::I32 {
            i32c(v as i32)
        } else {
            i64c(v)
        }
    };
    ir.body.push(do_loop(
        l,
        i,
        c(start),
        c(end),
        c(step),
        vec![add_to(n, i64c(1))],
    ));
    push_print(&mut ir, vec![local(n), local(i)]);
    run(&ir)
}

#[test]
fn do_loop_trip_counts() {
    for ty in [ScalarTy::I32, ScalarTy::I64] {
        assert_eq!(trips(ty, 10, 1, -1), ["10", "0"]);
        assert_eq!(trips(ty, 10, 1, -3), ["4", "-2"]);
        assert_eq!(trips(ty, 1, 0, 1), ["0", "1"]);
        assert_eq!(trips(ty, 1, 10, -1), ["0", "1"]);
        assert_eq!(trips(ty, 1, 10, 4), ["3", "13"]);
        assert_eq!(trips(ty, -5, 5, 5), ["3", "10"]);
        assert_eq!(trips(ty, 7, 7, 1), ["1", "8"]);
    }
}

#[test]
fn i32_loop_near_the_limit() {
    let max = i64::from(i32::MAX);
    // 3 trips; the variable then wraps, as it does with gfortran.
    assert_eq!(
        trips(ScalarTy::I32, max - 2, max, 1),
        ["3", &i32::MIN.to_string()]
    );
}

/// The step and bounds come from locals, so the trip count is computed at
/// run time (no constant folding of the divisor).
#[test]
fn run_time_step() {
    let mut ir = LoopIr::default();
    let i = ir.add_local("i", ScalarTy::I64);
    let n = ir.add_local("n", ScalarTy::I64);
    let st = ir.add_local("st", ScalarTy::I64);
    let l = user_loop(&mut ir);
    for step in [-1, 2, -2, 1] {
        ir.body.push(Stmt::Set(n, i64c(0)));
        ir.body.push(Stmt::Set(st, i64c(step)));
        ir.body.push(do_loop(
            l,
            i,
            i64c(5),
            i64c(-5),
            local(st),
            vec![add_to(n, i64c(1))],
        ));
        push_print(&mut ir, vec![local(n), local(i)]);
    }
    assert_eq!(run(&ir), ["11", "-6", "0", "5", "6", "-7", "0", "5"]);
}

/// Nested loops; the inner one continues on odd j and leaves at j > 6; the
/// outer one leaves at i == 4 from inside the inner loop.
#[test]
fn nested_break_continue() {
    let mut ir = LoopIr::default();
    let i = ir.add_local("i", ScalarTy::I64);
    let j = ir.add_local("j", ScalarTy::I64);
    let s = ir.add_local("s", ScalarTy::I64);
    let outer = user_loop(&mut ir);
    let inner = user_loop(&mut ir);
    let odd = cmp(CmpOp::Eq, bin(BinOp::Rem, local(j), i64c(2)), i64c(1));
    let inner_body = vec![
        Stmt::If {
            cond: cmp(CmpOp::Eq, local(i), i64c(4)),
            then_body: vec![Stmt::Break(outer)],
            else_body: vec![],
        },
        Stmt::If {
            cond: odd,
            then_body: vec![Stmt::Continue(inner)],
            else_body: vec![],
        },
        Stmt::If {
            cond: cmp(CmpOp::Gt, local(j), i64c(6)),
            then_body: vec![Stmt::Break(inner)],
            else_body: vec![],
        },
        add_to(s, local(j)),
    ];
    let outer_body = vec![do_loop(inner, j, i64c(1), i64c(10), i64c(1), inner_body)];
    ir.body
        .push(do_loop(outer, i, i64c(1), i64c(10), i64c(1), outer_body));
    push_print(&mut ir, vec![local(s), local(i)]);
    // Each of i = 1..3 adds 2 + 4 + 6.
    assert_eq!(run(&ir), ["36", "4"]);
}

#[test]
fn while_loop_with_continue() {
    let mut ir = LoopIr::default();
    let k = ir.add_local("k", ScalarTy::I32);
    let s = ir.add_local("s", ScalarTy::I32);
    let w = user_loop(&mut ir);
    let body = vec![
        add_to(k, i32c(1)),
        Stmt::If {
            cond: cmp(CmpOp::Eq, local(k), i32c(3)),
            then_body: vec![Stmt::Continue(w)],
            else_body: vec![],
        },
        add_to(s, local(k)),
        Stmt::Comment("dead after this when k == 8".into()),
        Stmt::If {
            cond: cmp(CmpOp::Ge, local(k), i32c(8)),
            then_body: vec![Stmt::Break(w), add_to(s, i32c(1000))],
            else_body: vec![],
        },
    ];
    ir.body.push(Stmt::While {
        id: w,
        cond: cmp(CmpOp::Lt, local(k), i32c(100)),
        body,
    });
    push_print(&mut ir, vec![local(s), local(k)]);
    // 1+2+4+5+6+7+8
    assert_eq!(run(&ir), ["33", "8"]);
}

#[test]
fn if_else_chain() {
    let mut ir = LoopIr::default();
    let i = ir.add_local("i", ScalarTy::I64);
    let c = ir.add_local("c", ScalarTy::I64);
    let l = user_loop(&mut ir);
    // c += 100 if i < 3, else 10 if i < 6, else 1
    let inner = Stmt::If {
        cond: cmp(CmpOp::Lt, local(i), i64c(6)),
        then_body: vec![add_to(c, i64c(10))],
        else_body: vec![add_to(c, i64c(1))],
    };
    let body = vec![Stmt::If {
        cond: cmp(CmpOp::Lt, local(i), i64c(3)),
        then_body: vec![add_to(c, i64c(100))],
        else_body: vec![inner],
    }];
    ir.body
        .push(do_loop(l, i, i64c(1), i64c(10), i64c(1), body));
    push_print(&mut ir, vec![local(c)]);
    assert_eq!(run(&ir), ["235"]);
}

/// Logical locals, `.not.`, `.eqv.`, `.neqv.`, `.and.`, `.or.` and select.
#[test]
fn logicals() {
    let mut ir = LoopIr::default();
    let t = ir.add_local("t", ScalarTy::Bool);
    let f = ir.add_local("f", ScalarTy::Bool);
    ir.body.push(Stmt::Set(t, boolc(true)));
    ir.body.push(Stmt::Set(f, un(UnOp::Not, local(t))));
    let items = vec![
        local(t),
        local(f),
        bin(BinOp::And, local(t), local(f)),
        bin(BinOp::Or, local(t), local(f)),
        bin(BinOp::Eqv, local(f), local(f)),
        bin(BinOp::Neqv, local(t), local(t)),
        cmp(CmpOp::Ne, local(t), local(f)),
        Expr::Select(Box::new(local(f)), Box::new(i64c(1)), Box::new(i64c(2))),
    ];
    push_print(&mut ir, items);
    assert_eq!(run(&ir), ["T", "F", "F", "T", "T", "F", "T", "2"]);
}

/// A program with no statements at all still compiles and runs.
#[test]
fn empty_program() {
    assert!(run(&LoopIr::default()).is_empty());
}

/// Values assigned just before a `Break` or `Continue` reach the code
/// after the loop and the next iteration; the DO variable keeps its value
/// at the break.
#[test]
fn values_flow_along_break_and_continue_edges() {
    let mut ir = LoopIr::default();
    let i = ir.add_local("i", ScalarTy::I32);
    let last = ir.add_local("last", ScalarTy::I32);
    let odd = ir.add_local("odd", ScalarTy::I32);
    let l = user_loop(&mut ir);
    let is_odd = cmp(CmpOp::Eq, bin(BinOp::Rem, local(i), i32c(2)), i32c(1));
    let body = vec![
        Stmt::If {
            cond: is_odd,
            then_body: vec![
                add_to(odd, i32c(1)),
                Stmt::Continue(l),
                Stmt::Set(odd, i32c(-100)),
            ],
            else_body: vec![],
        },
        Stmt::If {
            cond: cmp(CmpOp::Ge, local(i), i32c(6)),
            then_body: vec![
                Stmt::Set(last, bin(BinOp::Mul, local(i), i32c(10))),
                Stmt::Break(l),
            ],
            else_body: vec![Stmt::Set(last, local(i))],
        },
    ];
    ir.body
        .push(do_loop(l, i, i32c(1), i32c(100), i32c(1), body));
    push_print(&mut ir, vec![local(i), local(last), local(odd)]);
    assert_eq!(run(&ir), ["6", "60", "3"]);
}

/// A variable assigned in only one arm of an `if` keeps its old value on
/// the other path.
#[test]
fn one_armed_assignments() {
    let mut ir = LoopIr::default();
    let i = ir.add_local("i", ScalarTy::I64);
    let a = ir.add_local("a", ScalarTy::F64);
    let b = ir.add_local("b", ScalarTy::F64);
    let l = user_loop(&mut ir);
    ir.body.push(Stmt::Set(b, f64c(0.5)));
    let body = vec![
        Stmt::If {
            cond: cmp(CmpOp::Lt, local(i), i64c(3)),
            then_body: vec![Stmt::Set(a, bin(BinOp::Add, local(a), f64c(1.0)))],
            else_body: vec![],
        },
        Stmt::If {
            cond: cmp(CmpOp::Lt, local(i), i64c(4)),
            then_body: vec![],
            else_body: vec![Stmt::Set(b, bin(BinOp::Mul, local(b), f64c(2.0)))],
        },
    ];
    ir.body.push(do_loop(l, i, i64c(1), i64c(5), i64c(1), body));
    push_print(&mut ir, vec![local(a), local(b)]);
    assert_eq!(floats(&run(&ir)), [2.0, 2.0]);
}
