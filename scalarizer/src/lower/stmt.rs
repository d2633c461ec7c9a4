//! Statements: control flow and I/O, and the drivers of array statements
//! (assignment, output of arrays, array constructors).

use fscal_frontend::hir::{self, AcItem, ExprKind, Format, Span, Stmt as H, StmtKind as K};

use super::{i64c, scalar_ty, Lowerer};
use crate::build::{add, mul};
use crate::deps::Decision;
use crate::ir::{self, Addr, CmpOp, Const, Expr, LoopInfo, LoopOrigin, RtFn, ScalarTy, Stmt};
use crate::lower::Ctx;
use crate::nest::NestShape;
use crate::ss::{Chain, Side};

impl Lowerer<'_> {
    pub(crate) fn block(&mut self, stmts: &[H], out: &mut Vec<Stmt>) {
        for s in stmts {
            self.stmt(s, out);
        }
    }

    fn stmt(&mut self, s: &H, out: &mut Vec<Stmt>) {
        match &s.kind {
            K::Assign { lhs, rhs } if lhs.rank > 0 => self.array_assign(lhs, rhs, s.span, out),
            K::Assign { lhs, rhs } => self.scalar_assign(lhs, rhs, out),
            K::Allocate(items) => {
                for (sym, bounds, span) in items {
                    let mut bs = Vec::new();
                    for (lo, hi) in bounds {
                        let l = self.value(lo, &Ctx::new(), out);
                        let h = self.value(hi, &Ctx::new(), out);
                        bs.push((l, h));
                    }
                    let array = self.array(*sym);
                    self.emit_allocate(array, &bs, *span, out);
                }
            }
            K::Deallocate(items) => {
                for (sym, span) in items {
                    let array = self.array(*sym);
                    let name = self.program.symbol(*sym).name.clone();
                    let mut args = vec![Expr::DescAddr(array)];
                    args.extend(self.name_args(&name));
                    args.extend(self.pos(*span));
                    out.push(Stmt::Call(RtFn::Deallocate, args));
                }
            }
            K::Do {
                label,
                var,
                start,
                end,
                step,
                body,
            } => self.do_loop(*label, *var, start, end, step.as_ref(), body, out),
            K::DoWhile { label, cond, body } => {
                let id = self.loop_id(*label);
                let mut pre = Vec::new();
                let c = self.value(cond, &Ctx::new(), &mut pre);
                let mut inner = Vec::new();
                self.block(body, &mut inner);
                if pre.is_empty() {
                    out.push(Stmt::While {
                        id,
                        cond: c,
                        body: inner,
                    });
                } else {
                    // Checks the condition needs run before every test.
                    pre.push(Stmt::If {
                        cond: Expr::Unary(ir::UnOp::Not, Box::new(c)),
                        then_body: vec![Stmt::Break(id)],
                        else_body: vec![],
                    });
                    pre.extend(inner);
                    out.push(Stmt::While {
                        id,
                        cond: Expr::Const(Const::Bool(true)),
                        body: pre,
                    });
                }
            }
            K::If { arms, else_body } => self.if_chain(arms, else_body, out),
            K::Exit(label) => {
                let id = self.loop_id(*label);
                out.push(Stmt::Break(id));
            }
            K::Cycle(label) => {
                let id = self.loop_id(*label);
                out.push(Stmt::Continue(id));
            }
            K::Print { format, items } => self.print(format, items, s.span, out),
            K::Stop(code) => {
                let (c, has) = match code {
                    Some(c) => {
                        let v = self.value(c, &Ctx::new(), out);
                        (Expr::Convert(ScalarTy::I64, Box::new(v)), true)
                    }
                    None => (i64c(0), false),
                };
                out.push(Stmt::Call(
                    RtFn::Stop,
                    vec![c, Expr::Const(Const::Bool(has))],
                ));
            }
        }
    }

    fn scalar_assign(&mut self, lhs: &hir::Expr, rhs: &hir::Expr, out: &mut Vec<Stmt>) {
        let v = self.value(rhs, &Ctx::new(), out);
        match &lhs.kind {
            ExprKind::Var(sym) => out.push(Stmt::Set(self.local(*sym), v)),
            ExprKind::Section { array, subs } => {
                let v = self.hoist("rhs", v, out);
                let (arr, index) = self.element(*array, subs, &Ctx::new(), lhs.span, out);
                out.push(Stmt::Store(Addr { array: arr, index }, v));
            }
            _ => unreachable!("sema only accepts variables on the left"),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn do_loop(
        &mut self,
        label: hir::LoopLabel,
        var: hir::SymbolId,
        start: &hir::Expr,
        end: &hir::Expr,
        step: Option<&hir::Expr>,
        body: &[H],
        out: &mut Vec<Stmt>,
    ) {
        let id = self.loop_id(label);
        let local = self.local(var);
        let s = self.value(start, &Ctx::new(), out);
        let s = self.hoist("start", s, out);
        let e = self.value(end, &Ctx::new(), out);
        let e = self.hoist("end", e, out);
        let ty = self.ir.locals[local.index()].ty;
        let st = self.loop_step(step, ty, out);
        let mut inner = Vec::new();
        self.block(body, &mut inner);
        out.push(Stmt::Loop(ir::Loop {
            id,
            var: local,
            start: s,
            end: e,
            step: st,
            body: inner,
        }));
    }

    fn if_chain(&mut self, arms: &[(hir::Expr, Vec<H>)], else_body: &[H], out: &mut Vec<Stmt>) {
        let Some(((cond, body), rest)) = arms.split_first() else {
            self.block(else_body, out);
            return;
        };
        let c = self.value(cond, &Ctx::new(), out);
        let mut then_body = Vec::new();
        self.block(body, &mut then_body);
        let mut els = Vec::new();
        self.if_chain(rest, else_body, &mut els);
        out.push(Stmt::If {
            cond: c,
            then_body,
            else_body: els,
        });
    }

    fn print(&mut self, format: &Format, items: &[hir::Expr], span: Span, out: &mut Vec<Stmt>) {
        out.push(Stmt::Comment(format!(
            "line {}: {}",
            self.line(span),
            self.text(span)
        )));
        let mut args = match format {
            Format::List => vec![i64c(0), i64c(0)],
            Format::Text(t) => {
                let id = self.ir.add_str(t);
                vec![Expr::Str(id), i64c(t.len() as i64)]
            }
        };
        args.extend(self.pos(span));
        out.push(Stmt::Call(RtFn::IoBegin, args));
        for item in items {
            match &item.kind {
                ExprKind::Str(s) => {
                    let id = self.ir.add_str(s);
                    out.push(Stmt::Call(
                        RtFn::IoStr,
                        vec![Expr::Str(id), i64c(s.len() as i64)],
                    ));
                }
                ExprKind::Constructor(items) => {
                    let ty = scalar_ty(item.ty);
                    self.stream_items(items, item.span, out, &mut |_, v, body| {
                        body.push(io_call(ty, v))
                    });
                }
                _ if item.rank == 0 => {
                    let v = self.value(item, &Ctx::new(), out);
                    out.push(io_call(scalar_ty(item.ty), v));
                }
                // Shape errors inside an item are reported at the item.
                _ => self.array_nest(item, item.span, out, &mut |l, ctx, _, body| {
                    let v = l.value(item, ctx, body);
                    body.push(io_call(scalar_ty(item.ty), v));
                }),
            }
        }
        out.push(Stmt::Call(RtFn::IoEnd, vec![]));
    }

    /// A loop nest over the elements of one array expression (output,
    /// constructor items): no left-hand side, no dependence.
    pub(crate) fn array_nest(
        &mut self,
        e: &hir::Expr,
        span: Span,
        out: &mut Vec<Stmt>,
        body: &mut dyn FnMut(&mut Self, &Ctx, &crate::nest::Offsets, &mut Vec<Stmt>),
    ) {
        let mut chain = Chain::new(e.rank);
        let map: Vec<u8> = (0..e.rank).collect();
        self.walk(&mut chain, e, &map, Side::Rhs);
        self.setup_loops(&mut chain, span);
        out.append(&mut chain.pre);
        let shape = NestShape {
            origin: None,
            reversed: vec![],
            runtime_reversed: vec![],
            independent: false,
        };
        let loops = self.emit_nest(&chain, &[Side::Rhs], &shape, body);
        out.extend(loops);
        out.append(&mut chain.post);
    }

    /// `lhs = rhs` with an array `lhs`: walk both sides into one chain,
    /// choose loop bounds, decide the dependence, emit one nest or two with
    /// a temporary between them.
    fn array_assign(&mut self, lhs: &hir::Expr, rhs: &hir::Expr, span: Span, out: &mut Vec<Stmt>) {
        let nest = ir::NestId(self.nests.len() as u32);
        out.push(Stmt::Comment(format!(
            "line {}: {}",
            self.line(span),
            self.text(span)
        )));
        if let ExprKind::Constructor(items) = &rhs.kind {
            if self.constructor_into_lhs(lhs, rhs, items, span, out) {
                return;
            }
        }
        let mut chain = Chain::new(lhs.rank);
        let map: Vec<u8> = (0..lhs.rank).collect();
        self.walk(&mut chain, lhs, &map, Side::Lhs);
        // The right-hand side's checks run first (it is evaluated before
        // anything is stored), so when both sides are out of bounds the
        // error names the right-hand side, as gfortran and the reference
        // evaluator do. The two sides' pre-loop code is independent.
        let lhs_pre = std::mem::take(&mut chain.pre);
        self.walk(&mut chain, rhs, &map, Side::Rhs);
        chain.pre.extend(lhs_pre);
        self.setup_loops(&mut chain, span);
        let describe = |e: &hir::Expr| self.text(e.span);
        let (decision, verdicts) = crate::deps::decide(self.program, &chain, lhs, &describe);
        let report = self.nest_report(&chain, lhs, span, &decision, verdicts);
        self.nests.push(report);
        out.append(&mut chain.pre);
        match decision {
            Decision::InPlace {
                reversed,
                independent,
            } => {
                let dirs = reversed
                    .iter()
                    .map(|r| Expr::Const(Const::Bool(*r)))
                    .collect();
                self.emit_in_place(&chain, nest, dirs, independent, lhs, rhs, out);
            }
            Decision::Temporary(reason) => {
                out.push(Stmt::Comment(format!("temporary: {reason}")));
                self.emit_with_temp(&mut chain, nest, lhs, rhs, span, out);
            }
            Decision::Guarded {
                runtime,
                table,
                reason,
            } => {
                self.emit_guarded(
                    &mut chain,
                    nest,
                    (lhs, rhs),
                    span,
                    &runtime,
                    &table,
                    &reason,
                    out,
                );
            }
        }
        out.append(&mut chain.post);
    }

    /// Evaluate a rank-1 constructor or inquiry result into a zero-based
    /// heap temporary; returns it and its length.
    pub(crate) fn materialize_rank1(
        &mut self,
        e: &hir::Expr,
        pre: &mut Vec<Stmt>,
        post: &mut Vec<Stmt>,
    ) -> (ir::ArrayId, Expr) {
        let elem = scalar_ty(e.ty);
        match &e.kind {
            ExprKind::Constructor(items) => {
                let n = match fscal_frontend::sema::static_shape(&self.program.symbols, e) {
                    Some(shape) => i64c(shape[0]),
                    None => self.count_items(items, pre),
                };
                let temp = self.alloc_temp("ctor", elem, std::slice::from_ref(&n), e.span, pre);
                let k = self.temp_local("k", ScalarTy::I64);
                pre.push(Stmt::Set(k, i64c(0)));
                self.fill_items(items, temp, k, e.span, pre);
                post.push(Stmt::Call(RtFn::TempFree, vec![Expr::DescAddr(temp)]));
                (temp, n)
            }
            ExprKind::Inquiry { arg, .. } => {
                let n = i64c(i64::from(arg.rank));
                let temp = self.alloc_temp("inq", elem, std::slice::from_ref(&n), e.span, pre);
                for d in 0..arg.rank {
                    let dim_expr = hir::Expr::constant(
                        hir::Value::Int(i64::from(d) + 1),
                        hir::Type::Int4,
                        e.span,
                    );
                    let scalar = hir::Expr {
                        kind: match &e.kind {
                            ExprKind::Inquiry { which, arg, .. } => ExprKind::Inquiry {
                                which: if *which == hir::Inquiry::Shape {
                                    hir::Inquiry::Size
                                } else {
                                    *which
                                },
                                arg: arg.clone(),
                                dim: Some(Box::new(dim_expr)),
                            },
                            _ => unreachable!(),
                        },
                        ty: e.ty,
                        rank: 0,
                        span: e.span,
                    };
                    let v = self.value(&scalar, &Ctx::new(), pre);
                    pre.push(Stmt::Store(
                        Addr {
                            array: temp,
                            index: i64c(i64::from(d)),
                        },
                        v,
                    ));
                }
                post.push(Stmt::Call(RtFn::TempFree, vec![Expr::DescAddr(temp)]));
                (temp, n)
            }
            _ => unreachable!("only constructors and inquiries are materialized"),
        }
    }

    /// The number of elements of constructor items (a local).
    pub(crate) fn count_items(&mut self, items: &[AcItem], out: &mut Vec<Stmt>) -> Expr {
        let n = self.temp_local("cnt", ScalarTy::I64);
        out.push(Stmt::Set(n, i64c(0)));
        self.count_into(items, n, out);
        Expr::Local(n)
    }

    fn count_into(&mut self, items: &[AcItem], n: ir::LocalId, out: &mut Vec<Stmt>) {
        for item in items {
            match item {
                AcItem::Expr(e) if e.rank == 0 => {
                    out.push(Stmt::Set(n, add(Expr::Local(n), i64c(1))))
                }
                AcItem::Expr(e) => {
                    let ext = self.extents(e, &Ctx::new(), out);
                    let size = ext.into_iter().fold(i64c(1), mul);
                    out.push(Stmt::Set(n, add(Expr::Local(n), size)));
                }
                AcItem::ImpliedDo {
                    var,
                    start,
                    end,
                    step,
                    items,
                } => {
                    self.implied_loop(*var, start, end, step.as_ref(), out, &mut |l, body| {
                        l.count_into(items, n, body)
                    });
                }
            }
        }
    }

    /// Store constructor items at `temp[k]`, `k` counting up from its
    /// current value.
    fn fill_items(
        &mut self,
        items: &[AcItem],
        temp: ir::ArrayId,
        k: ir::LocalId,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        self.stream_items(items, span, out, &mut |_, v, body| {
            body.push(Stmt::Store(
                Addr {
                    array: temp,
                    index: Expr::Local(k),
                },
                v,
            ));
            body.push(Stmt::Set(k, add(Expr::Local(k), i64c(1))));
        });
    }

    /// Hand every element of constructor items, in order, to `sink`
    /// (which writes the statements that consume it).
    pub(crate) fn stream_items(
        &mut self,
        items: &[AcItem],
        span: Span,
        out: &mut Vec<Stmt>,
        sink: &mut dyn FnMut(&mut Self, Expr, &mut Vec<Stmt>),
    ) {
        for item in items {
            match item {
                AcItem::Expr(e) if e.rank == 0 => {
                    let v = self.value(e, &Ctx::new(), out);
                    sink(self, v, out);
                }
                AcItem::Expr(e) => self.array_nest(e, span, out, &mut |l, ctx, _, body| {
                    let v = l.value(e, ctx, body);
                    sink(l, v, body);
                }),
                AcItem::ImpliedDo {
                    var,
                    start,
                    end,
                    step,
                    items,
                } => {
                    self.implied_loop(*var, start, end, step.as_ref(), out, &mut |l, body| {
                        l.stream_items(items, span, body, sink)
                    });
                }
            }
        }
    }

    /// An implied-do loop with Fortran DO semantics.
    /// The step of a `do` or implied-do loop of type `ty` (1 when absent),
    /// checked for zero at run time unless it is a constant (sema rejects a
    /// constant zero). The error points at the step expression.
    fn loop_step(&mut self, step: Option<&hir::Expr>, ty: ScalarTy, out: &mut Vec<Stmt>) -> Expr {
        let int = |v| {
            Expr::Const(if ty == ScalarTy::I32 {
                Const::I32(v as i32)
            } else {
                Const::I64(v)
            })
        };
        let Some(step) = step else { return int(1) };
        let v = self.value(step, &Ctx::new(), out);
        let v = self.hoist("step", v, out);
        if self.config.checks && !matches!(v, Expr::Const(_)) {
            let mut args = Vec::new();
            args.extend(self.pos(step.span));
            out.push(Stmt::If {
                cond: Expr::Cmp(CmpOp::Eq, Box::new(v.clone()), Box::new(int(0))),
                then_body: vec![Stmt::Call(RtFn::ErrZeroStep, args)],
                else_body: vec![],
            });
        }
        v
    }

    #[allow(clippy::too_many_arguments)]
    fn implied_loop(
        &mut self,
        var: hir::SymbolId,
        start: &hir::Expr,
        end: &hir::Expr,
        step: Option<&hir::Expr>,
        out: &mut Vec<Stmt>,
        body: &mut dyn FnMut(&mut Self, &mut Vec<Stmt>),
    ) {
        let local = self.local(var);
        let s = self.value(start, &Ctx::new(), out);
        let e = self.value(end, &Ctx::new(), out);
        let ty = self.ir.locals[local.index()].ty;
        let st = self.loop_step(step, ty, out);
        let mut inner = Vec::new();
        body(self, &mut inner);
        let id = self.ir.add_loop(LoopInfo {
            origin: LoopOrigin::Helper,
            independent: false,
            reversed: false,
        });
        out.push(Stmt::Loop(ir::Loop {
            id,
            var: local,
            start: s,
            end: e,
            step: st,
            body: inner,
        }));
    }
}

/// The output call for one scalar value.
fn io_call(ty: ScalarTy, v: Expr) -> Stmt {
    let f = match ty {
        ScalarTy::I32 => RtFn::IoI32,
        ScalarTy::I64 => RtFn::IoI64,
        ScalarTy::F32 => RtFn::IoF32,
        ScalarTy::F64 => RtFn::IoF64,
        ScalarTy::Bool => RtFn::IoBool,
    };
    Stmt::Call(f, vec![v])
}
