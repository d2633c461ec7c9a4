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
