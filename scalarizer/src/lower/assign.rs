//! The loop nests of one array assignment, once the dependence test has
//! decided: in place (each loop dimension forwards or backwards, possibly
//! chosen at run time), through a temporary (the seed's two nests), or
//! guarded (a run-time test picks between the two).

use fscal_frontend::hir::{self, Span};

use super::{i64c, scalar_ty, Ctx, Lowerer};
use crate::build;
use crate::deps::{RuntimeDim, EQ, GT, LT, NO_DEP};
use crate::ir::{self, Addr, BinOp, CmpOp, Const, Expr, ScalarTy, Stmt, UnOp};
use crate::nest::NestShape;
use crate::ss::{Chain, DimAccess, Side, Term, TermId, TermKind};

fn bx(e: Expr) -> Box<Expr> {
    Box::new(e)
}

/// Store `v` where the left-hand side term points in this iteration.
fn store_lhs(lhs: &hir::Expr, ctx: &Ctx, v: Expr, body: &mut Vec<Stmt>) {
    let Some(Expr::Load(addr)) = ctx.get(&(lhs as *const hir::Expr)) else {
        unreachable!("the left-hand side is a term of its own chain")
    };
    body.push(Stmt::Store((**addr).clone(), v));
}

impl Lowerer<'_> {
    /// One nest over both sides; `reversed[d]` (a `Bool` expression, usually
    /// a constant) runs loop dimension `d` backwards.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn emit_in_place(
        &mut self,
        chain: &Chain,
        nest: ir::NestId,
        reversed: Vec<Expr>,
        independent: bool,
        lhs: &hir::Expr,
        rhs: &hir::Expr,
        out: &mut Vec<Stmt>,
    ) {
        let fixed: Vec<Option<bool>> = reversed
            .iter()
            .map(|r| match r {
                Expr::Const(Const::Bool(b)) => Some(*b),
                _ => None,
            })
            .collect();
        let backwards: Vec<String> = fixed
            .iter()
            .enumerate()
            .filter(|(_, r)| **r == Some(true))
            .map(|(d, _)| (d + 1).to_string())
            .collect();
        if !backwards.is_empty() {
            out.push(Stmt::Comment(format!(
                "no temporary: loop dimension {} runs backwards",
                backwards.join(", ")
            )));
        }
        let shape = NestShape {
            origin: Some((nest, 1)),
            reversed: fixed.iter().map(|r| r.unwrap_or(false)).collect(),
            runtime_reversed: reversed
                .into_iter()
                .zip(&fixed)
                .map(|(e, f)| f.is_none().then_some(e))
                .collect(),
            independent,
        };
        let loops = self.emit_nest(
            chain,
            &[Side::Lhs, Side::Rhs],
            &shape,
            &mut |l, ctx, _, body| {
                let v = l.value(rhs, ctx, body);
                store_lhs(lhs, ctx, v, body);
            },
        );
        out.extend(loops);
    }

    /// Fill a temporary from the right-hand side, then copy it out.
    pub(crate) fn emit_with_temp(
        &mut self,
        chain: &mut Chain,
        nest: ir::NestId,
        lhs: &hir::Expr,
        rhs: &hir::Expr,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let extents: Vec<Expr> = (0..chain.rank).map(|d| chain.extent(d)).collect();
        let temp = self.alloc_temp("tmp", scalar_ty(lhs.ty), &extents, span, out);
        let dims = extents
            .iter()
            .enumerate()
            .map(|(d, n)| DimAccess::Range {
                loop_dim: d as u8,
                start: i64c(0),
                stride: i64c(1),
                extent: n.clone(),
            })
            .collect();
        chain.terms.push(Term {
            node: std::ptr::null(),
            kind: TermKind::Array {
                array: temp,
                sym: None,
                dims,
            },
            side: Side::Temp,
            candidate: false,
            base: i64c(0),
            coef: Default::default(),
        });
        let t = TermId(chain.terms.len() as u32 - 1);
        self.setup_term(chain, t, out);
        let shape = |phase| NestShape {
            origin: Some((nest, phase)),
            reversed: vec![],
            runtime_reversed: vec![],
            independent: true,
        };
        let fill = self.emit_nest(
            chain,
            &[Side::Rhs, Side::Temp],
            &shape(1),
            &mut |l, ctx, offs, body| {
                let v = l.value(rhs, ctx, body);
                body.push(Stmt::Store(
                    Addr {
                        array: temp,
                        index: offs[&t].clone(),
                    },
                    v,
                ));
            },
        );
        out.extend(fill);
        let copy = self.emit_nest(
            chain,
            &[Side::Lhs, Side::Temp],
            &shape(2),
            &mut |_, ctx, offs, body| {
                let v = Expr::Load(Box::new(Addr {
                    array: temp,
                    index: offs[&t].clone(),
                }));
                store_lhs(lhs, ctx, v, body);
            },
        );
        out.extend(copy);
        out.push(Stmt::Call(ir::RtFn::TempFree, vec![Expr::DescAddr(temp)]));
        chain.terms.pop();
    }

    /// Compute each undecided read's outcome, then choose the loop
    /// directions from the decision table, or a temporary where the table
    /// says so.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn emit_guarded(
        &mut self,
        chain: &mut Chain,
        nest: ir::NestId,
        (lhs, rhs): (&hir::Expr, &hir::Expr),
        span: Span,
        runtime: &[RuntimeDim],
        table: &[(Vec<u8>, Option<Vec<bool>>)],
        reason: &str,
        out: &mut Vec<Stmt>,
    ) {
        out.push(Stmt::Comment(format!("run-time guard: {reason}")));
        let codes: Vec<Expr> = runtime.iter().map(|rt| self.outcome(rt, out)).collect();
        let matches = |outcome: &[u8]| {
            outcome
                .iter()
                .zip(&codes)
                .map(|(o, c)| build::cmp(CmpOp::Eq, c.clone(), i64c(i64::from(*o))))
                .reduce(|a, b| Expr::Binary(BinOp::And, bx(a), bx(b)))
                .unwrap_or(Expr::Const(Const::Bool(true)))
        };
        let any = |rows: Vec<Expr>| {
            rows.into_iter()
                .reduce(build::or)
                .unwrap_or(Expr::Const(Const::Bool(false)))
        };
        let needs_temp = any(table
            .iter()
            .filter(|(_, r)| r.is_none())
            .map(|(o, _)| matches(o))
            .collect());
        let reversed: Vec<Expr> = (0..chain.rank as usize)
            .map(|d| {
                let rows = table
                    .iter()
                    .filter(|(_, r)| r.as_ref().is_some_and(|r| r[d]))
                    .map(|(o, _)| matches(o));
                let e = any(rows.collect());
                self.hoist("rev", e, out)
            })
            .collect();
        if build::is_false(&needs_temp) {
            self.emit_in_place(chain, nest, reversed, false, lhs, rhs, out);
            return;
        }
        let needs_temp = self.hoist("needs_tmp", needs_temp, out);
        let mut with_temp = Vec::new();
        self.emit_with_temp(chain, nest, lhs, rhs, span, &mut with_temp);
        let mut in_place = Vec::new();
        self.emit_in_place(chain, nest, reversed, false, lhs, rhs, &mut in_place);
        out.push(Stmt::If {
            cond: needs_temp,
            then_body: with_temp,
            else_body: in_place,
        });
    }

    /// The run-time outcome code of one undecided read: `j - i = diff /
    /// stride` when divisible (no shared element otherwise, or when the
    /// distance is at least the loop extent).
    fn outcome(&mut self, rt: &RuntimeDim, out: &mut Vec<Stmt>) -> Expr {
        let diff = self.hoist("diff", rt.diff.clone(), out);
        let stride = rt.stride.clone();
        // The stride is never zero here: a zero stride stopped the program
        // in the section checks before the loops.
        let safe_stride = match stride {
            Expr::Const(Const::I64(v)) if v != 0 => stride,
            _ => Expr::Select(
                bx(build::cmp(CmpOp::Eq, stride.clone(), i64c(0))),
                bx(i64c(1)),
                bx(stride),
            ),
        };
        let safe_stride = self.hoist("st", safe_stride, out);
        let rem = Expr::Binary(BinOp::Rem, bx(diff.clone()), bx(safe_stride.clone()));
        let q = self.hoist(
            "dist",
            Expr::Binary(BinOp::Div, bx(diff), bx(safe_stride)),
            out,
        );
        let far = build::cmp(
            CmpOp::Ge,
            Expr::Unary(UnOp::Abs, bx(q.clone())),
            rt.extent.clone(),
        );
        let code = |c: u8| i64c(i64::from(c));
        let sign = Expr::Select(
            bx(build::cmp(CmpOp::Eq, q.clone(), i64c(0))),
            bx(code(EQ)),
            bx(Expr::Select(
                bx(build::cmp(CmpOp::Lt, q, i64c(0))),
                bx(code(LT)),
                bx(code(GT)),
            )),
        );
        let none = build::or(build::cmp(CmpOp::Ne, rem, i64c(0)), far);
        let e = Expr::Select(bx(none), bx(code(NO_DEP)), bx(sign));
        let local = self.temp_local("outcome", ScalarTy::I64);
        out.push(Stmt::Set(local, e));
        Expr::Local(local)
    }
}

impl Lowerer<'_> {
    /// `a(...) = [items]` with a rank-1 left-hand side that the constructor
    /// does not read: the elements go straight into `a`, with no
    /// temporary. Returns false (nothing emitted) when that does not apply.
    pub(crate) fn constructor_into_lhs(
        &mut self,
        lhs: &hir::Expr,
        rhs: &hir::Expr,
        items: &[hir::AcItem],
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> bool {
        let target = match &lhs.kind {
            hir::ExprKind::Var(s) | hir::ExprKind::Section { array: s, .. } => *s,
            _ => return false,
        };
        if lhs.rank != 1 || mentions_items(items, target) {
            return false;
        }
        let mut chain = Chain::new(1);
        let mut pre = Vec::new();
        self.walk(&mut chain, lhs, &[0], Side::Lhs);
        let Some(write) = chain.terms.iter().position(|t| std::ptr::eq(t.node, lhs)) else {
            return false;
        };
        let TermKind::Array { array, dims, .. } = &chain.terms[write].kind else {
            return false;
        };
        if chain.terms.len() != 1 || dims.iter().any(|d| matches!(d, DimAccess::Vector { .. })) {
            return false;
        }
        let array = *array;
        self.setup_loops(&mut chain, span);
        pre.append(&mut chain.pre);
        let n = match fscal_frontend::sema::static_shape(&self.program.symbols, rhs) {
            Some(shape) => i64c(shape[0]),
            None => self.count_items(items, &mut pre),
        };
        if self.config.checks {
            let extent = chain.extent(0);
            let cond = build::cmp(CmpOp::Ne, extent.clone(), n.clone());
            if !build::is_false(&cond) {
                let mut args = vec![i64c(1), extent, n];
                args.extend(self.pos(span));
                pre.push(Stmt::If {
                    cond,
                    then_body: vec![Stmt::Call(ir::RtFn::ErrShape, args)],
                    else_body: vec![],
                });
            }
        }
        let verdicts = vec![
            "the constructor does not read the assigned array: its elements are stored directly"
                .into(),
        ];
        let decision = crate::deps::Decision::InPlace {
            reversed: vec![false],
            independent: true,
        };
        let report = self.nest_report(&chain, lhs, span, &decision, verdicts);
        self.nests.push(report);
        out.append(&mut pre);
        let term = &chain.terms[write];
        let (base, coef) = (
            term.base.clone(),
            term.coef.get(&0).cloned().unwrap_or(i64c(1)),
        );
        let s = self.temp_local("s1", ScalarTy::I64);
        out.push(Stmt::Set(s, chain.bounds[0].0.clone()));
        out.push(Stmt::Comment(
            "no temporary: constructor elements stored in place".into(),
        ));
        self.stream_items(items, rhs.span, out, &mut |_, v, body| {
            let index = build::add(base.clone(), build::mul(coef.clone(), Expr::Local(s)));
            body.push(Stmt::Store(Addr { array, index }, v));
            body.push(Stmt::Set(s, build::add(Expr::Local(s), i64c(1))));
        });
        out.append(&mut chain.post);
        true
    }
}

/// True when any part of the items (values, bounds, subscripts) refers to
/// `sym`.
fn mentions_items(items: &[hir::AcItem], sym: hir::SymbolId) -> bool {
    items.iter().any(|item| match item {
        hir::AcItem::Expr(e) => mentions(e, sym),
        hir::AcItem::ImpliedDo {
            start,
            end,
            step,
            items,
            ..
        } => {
            mentions(start, sym)
                || mentions(end, sym)
                || step.as_ref().is_some_and(|s| mentions(s, sym))
                || mentions_items(items, sym)
        }
    })
}

fn mentions(e: &hir::Expr, sym: hir::SymbolId) -> bool {
    use hir::ExprKind as K;
    match &e.kind {
        K::Const(_) | K::Str(_) => false,
        K::Var(s) => *s == sym,
        K::Section { array, subs } => {
            *array == sym
                || subs.iter().any(|sub| match sub {
                    hir::Subscript::Scalar(x) | hir::Subscript::Vector(x) => mentions(x, sym),
                    hir::Subscript::Triplet { lo, hi, stride } => [lo, hi, stride]
                        .iter()
                        .any(|p| p.as_ref().is_some_and(|x| mentions(x, sym))),
                })
        }
        K::Unary(_, x) | K::Convert(x) => mentions(x, sym),
        K::Binary(_, a, b) => mentions(a, sym) || mentions(b, sym),
        K::Intrinsic(_, args) => args.iter().any(|a| mentions(a, sym)),
        K::Inquiry { arg, dim, .. } => {
            mentions(arg, sym) || dim.as_ref().is_some_and(|d| mentions(d, sym))
        }
        K::Constructor(items) => mentions_items(items, sym),
    }
}
