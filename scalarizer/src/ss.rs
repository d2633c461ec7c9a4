//! The ss chain: the terms of one array statement and the loop setup.
//!
//! Walking an expression records every term the loop body needs — array
//! references (with one [`DimAccess`] per array dimension), vector
//! subscripts, hoisted scalars and temporaries — in an arena keyed by
//! [`TermId`]. Code that must run before the loops (descriptor reads,
//! subscript values, bounds checks, constructors) goes into `pre`, clean-up
//! into `post`. [`Chain::setup_loops`] then picks the bounds of every loop
//! dimension from the best-informed term and gives every other term its
//! delta, loop coefficients and base offset.

use std::collections::HashMap;

use fscal_frontend::hir::{self, ExprKind, Span, Subscript, SymbolId};

use crate::build::{self, add, div, max, mul, sub};
use crate::ir::{ArrayId, CmpOp, DescField, Expr, RtFn, Stmt};
use crate::lower::{i64c, Ctx, Lowerer};

/// An ss entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct TermId(pub u32);

/// Which side of an assignment a term was walked from; the two loop nests
/// of a statement with a temporary each use only some terms (the seed's
/// "useflags").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Side {
    /// The left-hand side and its vector subscripts.
    Lhs,
    /// The right-hand side (or the only expression).
    Rhs,
    /// The temporary between the two nests.
    Temp,
}

/// How one array dimension is accessed.
#[derive(Debug, Clone)]
pub(crate) enum DimAccess {
    /// A scalar subscript (value computed before the loops).
    Fixed(Expr),
    /// A triplet: `start + stride * k`, `k = 0 .. extent-1`, mapped to a
    /// loop dimension.
    Range {
        /// Loop dimension.
        loop_dim: u8,
        /// First index.
        start: Expr,
        /// Step between indices.
        stride: Expr,
        /// Number of indices.
        extent: Expr,
    },
    /// A vector subscript: the index is the value of `expr` (a rank-1
    /// expression whose own terms are mapped to `loop_dim`).
    Vector {
        /// Loop dimension.
        loop_dim: u8,
        /// The index expression.
        expr: *const hir::Expr,
        /// Its span, for bounds errors.
        span: Span,
    },
}

/// What a term is.
#[derive(Debug, Clone)]
pub(crate) enum TermKind {
    /// An array (user array or temporary) reference.
    Array {
        /// Descriptor.
        array: ArrayId,
        /// The user symbol, `None` for temporaries.
        sym: Option<SymbolId>,
        /// One per array dimension.
        dims: Vec<DimAccess>,
    },
    /// A scalar evaluated once before the loops.
    Scalar(Expr),
}

/// One ss entry.
#[derive(Debug, Clone)]
pub(crate) struct Term {
    /// The HIR node it stands for (null for the assignment temporary).
    pub node: *const hir::Expr,
    /// Array or scalar.
    pub kind: TermKind,
    /// Where it came from.
    pub side: Side,
    /// May supply loop bounds.
    pub candidate: bool,
    /// Element offset at loop indices `lo` (set by `setup_loops`).
    pub base: Expr,
    /// Per loop dimension, what one step of the loop index adds to the
    /// offset (set by `setup_loops`).
    pub coef: HashMap<u8, Expr>,
}

/// The ss chain of one statement, with its loop bounds.
#[derive(Debug, Default)]
pub(crate) struct Chain {
    /// The terms.
    pub terms: Vec<Term>,
    /// Number of loop dimensions.
    pub rank: u8,
    /// Loop bounds per dimension `(lo, hi)`, set by `setup_loops`.
    pub bounds: Vec<(Expr, Expr)>,
    /// Which term supplied each dimension's bounds.
    pub chosen: Vec<TermId>,
    /// Code to run before the loops.
    pub pre: Vec<Stmt>,
    /// Code to run after the loops.
    pub post: Vec<Stmt>,
}

impl Chain {
    pub(crate) fn new(rank: u8) -> Self {
        Chain {
            rank,
            ..Chain::default()
        }
    }

    pub(crate) fn term(&self, id: TermId) -> &Term {
        &self.terms[id.0 as usize]
    }

    fn push(&mut self, node: &hir::Expr, kind: TermKind, side: Side) -> TermId {
        self.terms.push(Term {
            node: node as *const hir::Expr,
            kind,
            side,
            candidate: true,
            base: i64c(0),
            coef: HashMap::new(),
        });
        TermId(self.terms.len() as u32 - 1)
    }

    /// The loop extent of dimension `d`.
    pub(crate) fn extent(&self, d: u8) -> Expr {
        let (lo, hi) = self.bounds[d as usize].clone();
        add(sub(hi, lo), i64c(1))
    }
}

impl Lowerer<'_> {
    /// Walk `e` into `chain`; its dimensions map to the loop dimensions
    /// `map` (identity at the top, one loop dimension for a vector
    /// subscript).
    pub(crate) fn walk(&mut self, chain: &mut Chain, e: &hir::Expr, map: &[u8], side: Side) {
        if e.rank == 0 {
            if !matches!(
                e.kind,
                ExprKind::Const(_) | ExprKind::Var(_) | ExprKind::Str(_)
            ) {
                let mut pre = std::mem::take(&mut chain.pre);
                let v = self.value(e, &Ctx::new(), &mut pre);
                let v = self.hoist("sc", v, &mut pre);
                chain.pre = pre;
                chain.push(e, TermKind::Scalar(v), side);
            }
            return;
        }
        match &e.kind {
            ExprKind::Var(sym) => self.walk_var(chain, e, *sym, map, side),
            ExprKind::Section { array, subs } => {
                self.walk_section(chain, e, *array, subs, map, side)
            }
            ExprKind::Unary(_, x) | ExprKind::Convert(x) => self.walk(chain, x, map, side),
            ExprKind::Binary(_, l, r) => {
                self.walk(chain, l, map, side);
                self.walk(chain, r, map, side);
            }
            ExprKind::Intrinsic(_, args) => {
                args.iter().for_each(|a| self.walk(chain, a, map, side))
            }
            ExprKind::Constructor(_) | ExprKind::Inquiry { .. } => {
                let mut pre = std::mem::take(&mut chain.pre);
                let (array, n) = self.materialize_rank1(e, &mut pre, &mut chain.post);
                chain.pre = pre;
                let dims = vec![DimAccess::Range {
                    loop_dim: map[0],
                    start: i64c(0),
                    stride: i64c(1),
                    extent: n,
                }];
                chain.push(
                    e,
                    TermKind::Array {
                        array,
                        sym: None,
                        dims,
                    },
                    side,
                );
            }
            ExprKind::Const(_) | ExprKind::Str(_) => unreachable!("constants are scalars"),
        }
    }

    fn walk_var(
        &mut self,
        chain: &mut Chain,
        e: &hir::Expr,
        sym: SymbolId,
        map: &[u8],
        side: Side,
    ) {
        self.check_allocated(sym, e.span, &mut chain.pre);
        let array = self.array(sym);
        let dims = (0..e.rank)
            .map(|d| DimAccess::Range {
                loop_dim: map[d as usize],
                start: self.desc(array, Some(sym), DescField::LBound(d)),
                stride: i64c(1),
                extent: self.desc(array, Some(sym), DescField::Extent(d)),
            })
            .collect();
        chain.push(
            e,
            TermKind::Array {
                array,
                sym: Some(sym),
                dims,
            },
            side,
        );
    }

    fn walk_section(
        &mut self,
        chain: &mut Chain,
        e: &hir::Expr,
        sym: SymbolId,
        subs: &[Subscript],
        map: &[u8],
        side: Side,
    ) {
        let mut pre = std::mem::take(&mut chain.pre);
        self.check_allocated(sym, e.span, &mut pre);
        let array = self.array(sym);
        let mut dims = Vec::with_capacity(subs.len());
        let mut k = 0;
        for (ad, s) in subs.iter().enumerate() {
            let ad = ad as u8;
            match s {
                Subscript::Scalar(x) => {
                    let v = self.value(x, &Ctx::new(), &mut pre);
                    let v = self.hoist("i", v, &mut pre);
                    self.check_bounds(sym, ad, v.clone(), x.span, &mut pre);
                    dims.push(DimAccess::Fixed(v));
                }
                Subscript::Triplet { lo, hi, stride } => {
                    let t = self.triplet(
                        sym,
                        ad,
                        [lo.as_ref(), hi.as_ref(), stride.as_ref()],
                        e.span,
                        &Ctx::new(),
                        &mut pre,
                    );
                    // A first index out of range is the start's fault, a
                    // last one the end's (the last index lies between them).
                    let spans = [lo, hi].map(|p| p.as_ref().map_or(e.span, |x| x.span));
                    self.check_triplet(sym, ad, &t, spans, &mut pre);
                    dims.push(DimAccess::Range {
                        loop_dim: map[k],
                        start: t.start,
                        stride: t.stride,
                        extent: t.extent,
                    });
                    k += 1;
                }
                Subscript::Vector(v) => {
                    chain.pre = std::mem::take(&mut pre);
                    self.walk(chain, v, &[map[k]], side);
                    pre = std::mem::take(&mut chain.pre);
                    dims.push(DimAccess::Vector {
                        loop_dim: map[k],
                        expr: v as *const hir::Expr,
                        span: v.span,
                    });
                    k += 1;
                }
            }
        }
        chain.pre = pre;
        chain.push(
            e,
            TermKind::Array {
                array,
                sym: Some(sym),
                dims,
            },
            side,
        );
    }

    /// Start, stride and extent of a triplet in dimension `ad` of `sym`,
    /// with absent parts defaulted from the array's bounds.
    pub(crate) fn triplet(
        &mut self,
        sym: SymbolId,
        ad: u8,
        parts: [Option<&hir::Expr>; 3],
        span: Span,
        ctx: &Ctx,
        out: &mut Vec<Stmt>,
    ) -> Triplet {
        let array = self.array(sym);
        let lb = self.desc(array, Some(sym), DescField::LBound(ad));
        let ext = self.desc(array, Some(sym), DescField::Extent(ad));
        let ub = sub(add(lb.clone(), ext), i64c(1));
        let mut part = |s: &mut Self, p: Option<&hir::Expr>, default: Expr, name: &str| match p {
            Some(x) => {
                let v = s.value(x, ctx, out);
                s.hoist(name, v, out)
            }
            None => s.hoist(name, default, out),
        };
        let start = part(self, parts[0], lb, "lo");
        let end = part(self, parts[1], ub, "hi");
        let stride = part(self, parts[2], i64c(1), "st");
        if self.config.checks && !matches!(stride, Expr::Const(_)) {
            // Reported at the stride expression, naming the array and
            // the dimension.
            let name = self.program.symbol(sym).name.clone();
            let mut args = self.name_args(&name).to_vec();
            args.push(i64c(i64::from(ad) + 1));
            args.extend(self.pos(parts[2].map_or(span, |x| x.span)));
            out.push(Stmt::If {
                cond: build::cmp(CmpOp::Eq, stride.clone(), i64c(0)),
                then_body: vec![Stmt::Call(RtFn::ErrZeroStride, args)],
                else_body: vec![],
            });
        }
        let n = max(
            div(
                add(sub(end.clone(), start.clone()), stride.clone()),
                stride.clone(),
            ),
            i64c(0),
        );
        let extent = self.hoist("n", n, out);
        Triplet {
            start,
            stride,
            extent,
        }
    }

    /// Check a non-empty section's first and last index against the
    /// array's bounds, once before the loops; errors are reported at
    /// `spans[0]` (first index) and `spans[1]` (last index).
    fn check_triplet(
        &mut self,
        sym: SymbolId,
        ad: u8,
        t: &Triplet,
        spans: [Span; 2],
        out: &mut Vec<Stmt>,
    ) {
        if !self.config.checks {
            return;
        }
        let last = add(
            t.start.clone(),
            mul(sub(t.extent.clone(), i64c(1)), t.stride.clone()),
        );
        let mut checks = Vec::new();
        self.check_bounds(sym, ad, t.start.clone(), spans[0], &mut checks);
        let last = self.hoist("last", last, &mut checks);
        self.check_bounds(sym, ad, last, spans[1], &mut checks);
        if checks.is_empty() {
            return;
        }
        let nonempty = build::cmp(CmpOp::Gt, t.extent.clone(), i64c(0));
        if build::is_false(&nonempty) {
            return;
        }
        out.push(Stmt::If {
            cond: nonempty,
            then_body: checks,
            else_body: vec![],
        });
    }

    /// The extents of an array expression, without evaluating its elements.
    pub(crate) fn extents(&mut self, e: &hir::Expr, ctx: &Ctx, out: &mut Vec<Stmt>) -> Vec<Expr> {
        match &e.kind {
            ExprKind::Var(sym) => {
                self.check_allocated(*sym, e.span, out);
                let array = self.array(*sym);
                (0..e.rank)
                    .map(|d| self.desc(array, Some(*sym), DescField::Extent(d)))
                    .collect()
            }
            ExprKind::Section { array, subs } => {
                // The section is checked as if it were referenced (as
                // gfortran does for `size(a(0:n))`), though no element is
                // read.
                self.check_allocated(*array, e.span, out);
                let mut v = Vec::new();
                for (ad, s) in subs.iter().enumerate() {
                    let ad = ad as u8;
                    match s {
                        Subscript::Scalar(x) => {
                            if self.config.checks {
                                let i = self.value(x, ctx, out);
                                let i = self.hoist("i", i, out);
                                self.check_bounds(*array, ad, i, x.span, out);
                            }
                        }
                        Subscript::Triplet { lo, hi, stride } => {
                            let t = self.triplet(
                                *array,
                                ad,
                                [lo.as_ref(), hi.as_ref(), stride.as_ref()],
                                e.span,
                                ctx,
                                out,
                            );
                            let spans = [lo, hi].map(|p| p.as_ref().map_or(e.span, |x| x.span));
                            self.check_triplet(*array, ad, &t, spans, out);
                            v.push(t.extent);
                        }
                        Subscript::Vector(x) => {
                            v.extend(self.extents(x, ctx, out));
                            if self.config.checks {
                                self.check_vector(*array, ad, x, out);
                            }
                        }
                    }
                }
                v
            }
            ExprKind::Unary(_, x) | ExprKind::Convert(x) => self.extents(x, ctx, out),
            ExprKind::Binary(_, l, r) => {
                let side = if l.rank > 0 { l } else { r };
                self.extents(side, ctx, out)
            }
            ExprKind::Intrinsic(_, args) => {
                let a = args
                    .iter()
                    .find(|a| a.rank > 0)
                    .expect("array intrinsic has an array argument");
                self.extents(a, ctx, out)
            }
            ExprKind::Constructor(items) => vec![self.count_items(items, out)],
            ExprKind::Inquiry { arg, .. } => vec![i64c(i64::from(arg.rank))],
            ExprKind::Const(_) | ExprKind::Str(_) => vec![],
        }
    }
}

impl Lowerer<'_> {
    /// Check every element of the vector subscript `x` against the bounds
    /// of dimension `ad` of `sym` (a loop of its own, for references whose
    /// elements are not read).
    fn check_vector(&mut self, sym: SymbolId, ad: u8, x: &hir::Expr, out: &mut Vec<Stmt>) {
        self.array_nest(x, x.span, out, &mut |l, ctx, _, body| {
            let v = l.value(x, ctx, body);
            let v = l.hoist(
                "v",
                Expr::Convert(crate::ir::ScalarTy::I64, Box::new(v)),
                body,
            );
            l.check_bounds(sym, ad, v, x.span, body);
        });
    }
}

/// A triplet's start, stride and extent (cheap expressions: constants or
/// locals).
pub(crate) struct Triplet {
    pub start: Expr,
    pub stride: Expr,
    pub extent: Expr,
}
