//! The facts behind `fscal explain`: for one scalarized assignment, its ss
//! chain, loop bounds and where they came from, every term's delta and
//! base offset, the dependence verdicts and the temporary.

use fscal_frontend::hir::{self, Span};

use crate::build;
use crate::deps::Decision;
use crate::ir::{Const, Expr};
use crate::lower::Lowerer;
use crate::print::expr_text;
use crate::ss::{Chain, DimAccess, Side, TermId, TermKind};
use crate::{LoopReport, NestReport, TermReport};

impl Lowerer<'_> {
    /// Describe a set-up chain and the decision taken for it.
    pub(crate) fn nest_report(
        &self,
        chain: &Chain,
        lhs: &hir::Expr,
        span: Span,
        decision: &Decision,
        verdicts: Vec<String>,
    ) -> NestReport {
        let reversed = match decision {
            Decision::InPlace { reversed, .. } => reversed.clone(),
            Decision::Temporary(_) | Decision::Guarded { .. } => vec![false; chain.rank as usize],
        };
        let guard = match decision {
            Decision::Guarded { table, reason, .. } => {
                let temp_cases = table.iter().filter(|(_, r)| r.is_none()).count();
                Some(format!(
                    "{reason}; {} outcome combinations, {temp_cases} of them need a temporary",
                    table.len()
                ))
            }
            _ => None,
        };
        let terms = (0..chain.terms.len() as u32)
            .map(|i| self.term_report(chain, lhs, TermId(i)))
            .collect();
        let loops = (0..chain.rank)
            .map(|d| {
                let (lo, hi) = &chain.bounds[d as usize];
                LoopReport {
                    dim: d + 1,
                    lo: expr_text(&self.ir, lo),
                    hi: expr_text(&self.ir, hi),
                    bounds_from: self.term_text(chain, chain.chosen[d as usize]),
                    reversed: reversed[d as usize],
                }
            })
            .collect();
        let (temporary, temp_shape, temp_bytes) = match decision {
            Decision::InPlace { .. } | Decision::Guarded { .. } => (None, vec![], None),
            Decision::Temporary(why) => {
                let extents: Vec<Expr> = (0..chain.rank).map(|d| chain.extent(d)).collect();
                let elem = crate::lower::scalar_ty(lhs.ty).size();
                let bytes = extents.iter().try_fold(elem, |acc, e| match e {
                    Expr::Const(Const::I64(n)) => acc.checked_mul((*n).max(0)),
                    _ => None,
                });
                (
                    Some(why.clone()),
                    extents.iter().map(|e| expr_text(&self.ir, e)).collect(),
                    bytes,
                )
            }
        };
        NestReport {
            span,
            line: self.line(span),
            text: self.text(span),
            rank: chain.rank,
            temporary,
            reversed,
            guard,
            terms,
            loops,
            verdicts,
            temp_shape,
            temp_bytes,
        }
    }

    fn term_text(&self, chain: &Chain, id: TermId) -> String {
        let term = chain.term(id);
        if term.node.is_null() {
            return "the temporary".into();
        }
        // SAFETY: chain nodes point into the HIR program
        // the lowerer borrows.
        let node: &hir::Expr = unsafe { &*term.node };
        self.text(node.span)
    }

    fn term_report(&self, chain: &Chain, lhs: &hir::Expr, id: TermId) -> TermReport {
        let term = chain.term(id);
        let role = match (&term.kind, term.side) {
            (TermKind::Scalar(_), _) => "scalar",
            (_, Side::Temp) => "temporary",
            _ if std::ptr::eq(term.node, lhs) => "write",
            _ => "read",
        };
        let dims = match &term.kind {
            TermKind::Scalar(v) => vec![format!("value {}", expr_text(&self.ir, v))],
            TermKind::Array { dims, .. } => dims
                .iter()
                .enumerate()
                .map(|(ad, d)| match d {
                    DimAccess::Fixed(v) => format!("dim {}: fixed {}", ad + 1, expr_text(&self.ir, v)),
                    DimAccess::Range { loop_dim, start, stride, extent } => {
                        let lo = chain.bounds[*loop_dim as usize].0.clone();
                        let delta = build::sub(start.clone(), build::mul(stride.clone(), lo));
                        let coef = term.coef.get(loop_dim).map_or_else(|| "?".into(), |c| expr_text(&self.ir, c));
                        format!(
                            "dim {}: index = {} + {} * s{} ({} elements from {}; delta {}; offset step {coef})",
                            ad + 1,
                            expr_text(&self.ir, &delta),
                            expr_text(&self.ir, stride),
                            loop_dim + 1,
                            expr_text(&self.ir, extent),
                            expr_text(&self.ir, start),
                            expr_text(&self.ir, &delta),
                        )
                    }
                    DimAccess::Vector { loop_dim, span, .. } => {
                        format!("dim {}: vector subscript {} over loop {}", ad + 1, self.text(*span), loop_dim + 1)
                    }
                })
                .collect(),
        };
        TermReport {
            text: self.term_text(chain, id),
            role: role.into(),
            dims,
            base: expr_text(&self.ir, &term.base),
        }
    }
}
