//! Loop setup and loop nest emission.
//!
//! [`Lowerer::setup_loops`] chooses each loop dimension's bounds from the
//! best-informed term and gives every term its base offset and per-loop
//! coefficients. [`Lowerer::emit_nest`] then writes the loops, outermost
//! dimension first (Fortran's first dimension varies fastest), hoisting each
//! term's partial offset to the loop level where it becomes invariant.

use std::collections::HashMap;

use fscal_frontend::hir::{self, Span};

use crate::build::{add, mul, sub};
use crate::ir::{self, Addr, CmpOp, DescField, Expr, LoopInfo, LoopOrigin, RtFn, ScalarTy, Stmt};
use crate::lower::{i64c, Ctx, Lowerer};
use crate::ss::{Chain, DimAccess, Side, TermId, TermKind};

/// Current element offset of every array term.
pub(crate) type Offsets = HashMap<TermId, Expr>;

/// How the loops of one nest are laid out.
#[derive(Debug, Clone)]
pub(crate) struct NestShape {
    /// What the loops belong to.
    pub origin: Option<(ir::NestId, u8)>,
    /// Run loop dimension `d` backwards.
    pub reversed: Vec<bool>,
    /// Where set, a `Bool` expression evaluated before the loop decides
    /// the direction of loop dimension `d` at run time (overrides
    /// `reversed`).
    pub runtime_reversed: Vec<Option<Expr>>,
    /// Iterations are independent of each other.
    pub independent: bool,
}

/// How good a term's bounds are for a loop dimension: known unit stride
/// first, then a constant start, then a constant extent.
fn score(start: &Expr, stride: &Expr, extent: &Expr) -> u8 {
    let c = |e: &Expr| matches!(e, Expr::Const(_));
    4 * u8::from(*stride == i64c(1)) + 2 * u8::from(c(start)) + u8::from(c(extent))
}

impl Lowerer<'_> {
    /// Choose loop bounds, check conformance, and compute every term's base
    /// offset and coefficients.
    pub(crate) fn setup_loops(&mut self, chain: &mut Chain, span: Span) {
        let mut pre = std::mem::take(&mut chain.pre);
        for d in 0..chain.rank {
            let mut ranges = Vec::new();
            for (i, t) in chain.terms.iter().enumerate() {
                if let (TermKind::Array { dims, .. }, true) = (&t.kind, t.candidate) {
                    for dim in dims {
                        if let DimAccess::Range {
                            loop_dim,
                            start,
                            stride,
                            extent,
                        } = dim
                        {
                            if *loop_dim == d {
                                ranges.push((
                                    TermId(i as u32),
                                    start.clone(),
                                    stride.clone(),
                                    extent.clone(),
                                ));
                            }
                        }
                    }
                }
            }
            let best = (0..ranges.len()).max_by_key(|&i| {
                (
                    score(&ranges[i].1, &ranges[i].2, &ranges[i].3),
                    usize::MAX - i,
                )
            });
            let Some(best) = best else {
                chain.bounds.push((i64c(0), i64c(-1)));
                chain.chosen.push(TermId(0));
                continue;
            };
            let (term, start, stride, extent) = ranges[best].clone();
            let lo = if stride == i64c(1) { start } else { i64c(0) };
            let hi = add(lo.clone(), sub(extent, i64c(1)));
            let hi = self.hoist("hi", hi, &mut pre);
            chain.bounds.push((lo, hi));
            chain.chosen.push(term);
            self.check_conformance(d, &ranges, span, &mut pre);
        }
        for i in 0..chain.terms.len() {
            self.setup_term(chain, TermId(i as u32), &mut pre);
        }
        chain.pre = pre;
    }

    /// Every range in dimension `d` has the first one's extent.
    fn check_conformance(
        &mut self,
        d: u8,
        ranges: &[(TermId, Expr, Expr, Expr)],
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        if !self.config.checks {
            return;
        }
        let Some(first) = ranges.first() else { return };
        for other in &ranges[1..] {
            if other.3 == first.3 {
                continue;
            }
            let cond = crate::build::cmp(CmpOp::Ne, first.3.clone(), other.3.clone());
            if crate::build::is_false(&cond) {
                continue;
            }
            let mut args = vec![i64c(i64::from(d) + 1), first.3.clone(), other.3.clone()];
            args.extend(self.pos(span));
            out.push(Stmt::If {
                cond,
                then_body: vec![Stmt::Call(RtFn::ErrShape, args)],
                else_body: vec![],
            });
        }
    }

    /// Base offset (at the loops' lower bounds) and per-dimension
    /// coefficients of one term.
    pub(crate) fn setup_term(&mut self, chain: &mut Chain, id: TermId, pre: &mut Vec<Stmt>) {
        let TermKind::Array { array, sym, dims } = chain.term(id).kind.clone() else {
            return;
        };
        let mut base = self.desc(array, sym, DescField::Offset);
        let mut coef = HashMap::new();
        for (ad, dim) in dims.iter().enumerate() {
            let dstride = self.desc(array, sym, DescField::Stride(ad as u8));
            match dim {
                DimAccess::Fixed(v) => base = add(base, mul(v.clone(), dstride)),
                DimAccess::Range {
                    loop_dim,
                    start,
                    stride,
                    ..
                } => {
                    let lo = chain.bounds[*loop_dim as usize].0.clone();
                    let delta = sub(start.clone(), mul(stride.clone(), lo));
                    base = add(base, mul(delta, dstride.clone()));
                    let c = mul(stride.clone(), dstride);
                    coef.insert(*loop_dim, self.hoist("c", c, pre));
                }
                DimAccess::Vector { .. } => {}
            }
        }
        let name = self.term_name(chain, id);
        let base = self.hoist(&format!("base_{name}"), base, pre);
        let t = &mut chain.terms[id.0 as usize];
        t.base = base;
        t.coef = coef;
    }

    /// A short name for dumps.
    fn term_name(&self, chain: &Chain, id: TermId) -> String {
        match &chain.term(id).kind {
            TermKind::Array { array, .. } => self.ir.arrays[array.index()].name.clone(),
            TermKind::Scalar(_) => "sc".into(),
        }
    }

    /// Emit the loops over the terms of the given sides; `body` writes the
    /// innermost statements given the context and the terms' offsets.
    pub(crate) fn emit_nest(
        &mut self,
        chain: &Chain,
        sides: &[Side],
        shape: &NestShape,
        body: &mut dyn FnMut(&mut Self, &Ctx, &Offsets, &mut Vec<Stmt>),
    ) -> Vec<Stmt> {
        let terms: Vec<TermId> = (0..chain.terms.len() as u32)
            .map(TermId)
            .filter(|t| sides.contains(&chain.term(*t).side))
            .collect();
        let offsets: Offsets = terms
            .iter()
            .map(|t| (*t, chain.term(*t).base.clone()))
            .collect();
        let mut out = Vec::new();
        self.emit_level(
            chain,
            &terms,
            i32::from(chain.rank) - 1,
            offsets,
            shape,
            body,
            &mut out,
        );
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn emit_level(
        &mut self,
        chain: &Chain,
        terms: &[TermId],
        d: i32,
        mut offsets: Offsets,
        shape: &NestShape,
        body: &mut dyn FnMut(&mut Self, &Ctx, &Offsets, &mut Vec<Stmt>),
        out: &mut Vec<Stmt>,
    ) {
        if d < 0 {
            let ctx = self.context(chain, terms, &offsets);
            body(self, &ctx, &offsets, out);
            return;
        }
        let d = d as u8;
        let s = self.temp_local(&format!("s{}", d + 1), ScalarTy::I64);
        let mut inner = Vec::new();
        for &t in terms {
            let TermKind::Array { array, sym, dims } = &chain.term(t).kind else {
                continue;
            };
            let mut off = offsets[&t].clone();
            let mut changed = false;
            if let Some(c) = chain.term(t).coef.get(&d) {
                off = add(off, mul(c.clone(), Expr::Local(s)));
                changed = true;
            }
            for (ad, dim) in dims.iter().enumerate() {
                let DimAccess::Vector {
                    loop_dim,
                    expr,
                    span,
                } = dim
                else {
                    continue;
                };
                if *loop_dim != d {
                    continue;
                }
                // SAFETY: `expr` points into the HIR
                // program borrowed by the lowerer for its whole lifetime.
                let vexpr: &hir::Expr = unsafe { &**expr };
                let ctx = self.context(chain, terms, &offsets);
                let v = self.value(vexpr, &ctx, &mut inner);
                let v = self.hoist("v", Expr::Convert(ScalarTy::I64, Box::new(v)), &mut inner);
                let sym = sym.expect("vector subscripts index user arrays");
                self.check_bounds(sym, ad as u8, v.clone(), *span, &mut inner);
                off = add(
                    off,
                    mul(v, self.desc(*array, Some(sym), DescField::Stride(ad as u8))),
                );
                changed = true;
            }
            if changed {
                let name = format!("off_{}", self.ir.arrays[array.index()].name);
                let l = self.temp_local(&name, ScalarTy::I64);
                inner.push(Stmt::Set(l, off));
                offsets.insert(t, Expr::Local(l));
            }
        }
        self.emit_level(
            chain,
            terms,
            i32::from(d) - 1,
            offsets,
            shape,
            body,
            &mut inner,
        );
        let (lo, hi) = chain.bounds[d as usize].clone();
        let reversed = shape.reversed.get(d as usize).copied().unwrap_or(false);
        let runtime = shape.runtime_reversed.get(d as usize).cloned().flatten();
        let (start, end, step) = match runtime {
            Some(r) => {
                let pick =
                    |a: Expr, b: Expr| Expr::Select(Box::new(r.clone()), Box::new(a), Box::new(b));
                (
                    pick(hi.clone(), lo.clone()),
                    pick(lo, hi),
                    pick(i64c(-1), i64c(1)),
                )
            }
            None if reversed => (hi, lo, i64c(-1)),
            None => (lo, hi, i64c(1)),
        };
        let origin = match shape.origin {
            Some((nest, phase)) => LoopOrigin::Scalarized {
                nest,
                dim: d,
                phase,
            },
            None => LoopOrigin::Helper,
        };
        let id = self.ir.add_loop(LoopInfo {
            origin,
            independent: shape.independent,
            reversed,
        });
        out.push(Stmt::Loop(ir::Loop {
            id,
            var: s,
            start,
            end,
            step,
            body: inner,
        }));
    }

    /// The values of the terms at their current offsets.
    fn context(&self, chain: &Chain, terms: &[TermId], offsets: &Offsets) -> Ctx {
        let mut ctx = Ctx::new();
        for &t in terms {
            let term = chain.term(t);
            if term.node.is_null() {
                continue;
            }
            let v = match &term.kind {
                TermKind::Array { array, .. } => Expr::Load(Box::new(Addr {
                    array: *array,
                    index: offsets[&t].clone(),
                })),
                TermKind::Scalar(v) => v.clone(),
            };
            ctx.insert(term.node, v);
        }
        ctx
    }

    /// A heap temporary with the loop extents of `chain`, lower bounds 0.
    pub(crate) fn alloc_temp(
        &mut self,
        name: &str,
        elem: ScalarTy,
        extents: &[Expr],
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> ir::ArrayId {
        let rank = extents.len() as u8;
        let name = format!("{name}.{}", self.ir.arrays.len());
        let array = self.ir.add_array(ir::ArrayDecl {
            name,
            elem,
            rank,
            kind: ir::ArrayKind::Temp,
        });
        for e in extents {
            out.push(Stmt::Call(RtFn::BoundsPush, vec![e.clone()]));
        }
        let mut args = vec![
            Expr::DescAddr(array),
            i64c(i64::from(rank)),
            i64c(elem.size()),
        ];
        args.extend(self.pos(span));
        out.push(Stmt::Call(RtFn::TempAlloc, args));
        array
    }
}
