//! Dependence between the left- and right-hand side of an array
//! assignment: may the statement run in place, and in which loop
//! directions?
//!
//! Fortran evaluates the whole right-hand side before assigning. Running the
//! loops in place is correct exactly when no element is written in one
//! iteration and read in a *later* one. For a read reference `R` of the
//! assigned array and the write `L`, both affine in the normalised loop
//! indices (`index = start + stride * k`, `k = 0 .. n-1`), an element
//! written at iteration `i` and read at iteration `j` satisfies, per array
//! dimension, `sL + tL*i_d = sR + tR*j_d`. When both references map every
//! loop dimension to the same array dimension, the system splits into one
//! two-variable equation per loop dimension, solved exactly (extended
//! Euclid plus the bounds `0 <= i, j < n`), which gives the set of possible
//! signs of `j_d - i_d`. Walking the loops from the outermost, a dimension
//! whose set holds `>` must run backwards, one holding `<` forwards, one
//! holding both needs a temporary; `=` passes the question to the next
//! inner dimension. What cannot be decided (run-time starts with different
//! strides, transposed or vector accesses) keeps the safe answer: a
//! temporary, with the reason.
//!
//! Scalars, constructors and inquiry results are evaluated before the loops
//! and never conflict.

use fscal_frontend::hir::{self, ExprKind, Subscript};

use crate::build;
use crate::ir::{Const, Expr};
use crate::ss::{Chain, DimAccess, Side, Term, TermKind};

/// What the scalarizer does with one assignment.
#[derive(Debug, Clone, PartialEq)]
pub enum Decision {
    /// Run in place; `reversed[d]` runs loop dimension `d` backwards.
    InPlace {
        /// Per loop dimension.
        reversed: Vec<bool>,
        /// No element is written in one iteration and read in another.
        independent: bool,
    },
    /// Evaluate the right-hand side into a temporary first.
    Temporary(String),
    /// Decided at run time: the dependence of some reads on the write
    /// depends on section bounds known only then. Each read's outcome is
    /// computed by [`RuntimeDim`]; `table` gives, for every combination of
    /// outcomes, the loop directions (or `None`: a temporary).
    Guarded {
        /// One per undecided read.
        runtime: Vec<RuntimeDim>,
        /// `(outcome per read, reversed loop dimensions or None)`.
        table: Vec<(Vec<u8>, Option<Vec<bool>>)>,
        /// Why a temporary may be needed.
        reason: String,
    },
}

/// A read whose dependence on the write is known only at run time: in
/// loop dimension `loop_dim` both access `start + stride * k` with the same
/// stride, and `j - i = diff / stride` (`diff = write start - read start`).
/// Outcomes: [`NO_DEP`], [`LT`], [`EQ`], [`GT`].
#[derive(Debug, Clone, PartialEq)]
pub struct RuntimeDim {
    /// The loop dimension.
    pub loop_dim: u8,
    /// Write start minus read start.
    pub diff: Expr,
    /// The common stride.
    pub stride: Expr,
    /// The loop extent.
    pub extent: Expr,
}

/// Run-time outcome: the two references share no element.
pub const NO_DEP: u8 = 0;
/// Run-time outcome: every shared element is read before it is written.
pub const LT: u8 = 1;
/// Run-time outcome: shared elements meet in the same iteration.
pub const EQ: u8 = 2;
/// Run-time outcome: every shared element is read after it is written.
pub const GT: u8 = 3;

/// Possible signs of `j - i` in one loop dimension.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Signs {
    lt: bool,
    eq: bool,
    gt: bool,
}

impl Signs {
    const ALL: Signs = Signs {
        lt: true,
        eq: true,
        gt: true,
    };
    const EQ: Signs = Signs {
        lt: false,
        eq: true,
        gt: false,
    };
    fn is_empty(self) -> bool {
        !(self.lt || self.eq || self.gt)
    }
}

/// `[>, <=]`: per loop dimension (dimension 1 first), the signs that
/// occur.
fn signs_text(signs: &[Signs]) -> String {
    let parts: Vec<String> = signs
        .iter()
        .map(|s| {
            let mut t = String::new();
            for (on, c) in [(s.lt, '<'), (s.eq, '='), (s.gt, '>')] {
                if on {
                    t.push(c);
                }
            }
            t
        })
        .collect();
    format!("[{}]", parts.join(", "))
}

/// Required direction of a loop dimension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Dir {
    Forward,
    Backward,
}

/// Decide how to run `lhs = rhs` whose terms are in `chain`.
/// `describe` renders a reference as the user wrote it.
/// Also returns one verdict per read of the assigned array, for
/// `fscal explain`.
pub(crate) fn decide(
    program: &hir::Program,
    chain: &Chain,
    lhs: &hir::Expr,
    describe: &dyn Fn(&hir::Expr) -> String,
) -> (Decision, Vec<String>) {
    let mut verdicts = Vec::new();
    let decision = decide_noting(program, chain, lhs, describe, &mut verdicts);
    (decision, verdicts)
}

fn decide_noting(
    program: &hir::Program,
    chain: &Chain,
    lhs: &hir::Expr,
    describe: &dyn Fn(&hir::Expr) -> String,
    verdicts: &mut Vec<String>,
) -> Decision {
    let rank = chain.rank as usize;
    let target = match &lhs.kind {
        ExprKind::Var(s) | ExprKind::Section { array: s, .. } => *s,
        _ => {
            return Decision::InPlace {
                reversed: vec![false; rank],
                independent: true,
            }
        }
    };
    let name = &program.symbol(target).name;
    let written = describe(lhs);
    let Some(write) = chain.terms.iter().find(|t| std::ptr::eq(t.node, lhs)) else {
        return Decision::Temporary("internal: no left-hand side term".into());
    };
    let mut need: Vec<Option<Dir>> = vec![None; rank];
    let mut independent = true;
    let mut pending: Vec<(Vec<Signs>, RuntimeDim, String)> = Vec::new();
    for term in &chain.terms {
        let TermKind::Array { sym: Some(sym), .. } = &term.kind else {
            continue;
        };
        if *sym != target || std::ptr::eq(term.node, lhs) {
            continue;
        }
        // SAFETY: chain nodes point into the borrowed HIR.
        let node: &hir::Expr = unsafe { &*term.node };
        if term.side == Side::Lhs {
            return Decision::Temporary(format!(
                "'{name}' is read in a vector subscript of its own assignment"
            ));
        }
        let read = describe(node);
        if same_reference(node, lhs) {
            verdicts.push(format!(
                "read {read}: the same elements as the write, in the same iterations"
            ));
            continue;
        }
        let (signs, runtime) = match dimension_signs(chain, write, term) {
            Ok(Some(s)) => s,
            Ok(None) => {
                verdicts.push(format!(
                    "read {read}: never touches an element the write touches (exact test)"
                ));
                continue;
            }
            Err(why) => {
                verdicts.push(format!("read {read}: undecided: {why}"));
                return Decision::Temporary(format!("write {written} and read {read}: {why}"));
            }
        };
        if let Some(rt) = runtime {
            independent = false;
            verdicts.push(format!(
                "read {read}: the direction in loop dimension {} depends on run-time bounds: tested before the loops",
                rt.loop_dim + 1
            ));
            pending.push((signs, rt, read));
            continue;
        }
        verdicts.push(format!(
            "read {read}: signs of (read iteration - write iteration) per loop dimension: {}",
            signs_text(&signs)
        ));
        if signs.iter().any(|s| s.lt || s.gt) {
            independent = false;
        }
        if let Err(d) = require_directions(&signs, &mut need) {
            return Decision::Temporary(format!(
                "write {written} and read {read} touch the same element in opposite orders in dimension {}",
                d + 1
            ));
        }
    }
    if !pending.is_empty() {
        return guarded(&written, need, pending);
    }
    let reversed = need.iter().map(|n| *n == Some(Dir::Backward)).collect();
    Decision::InPlace {
        reversed,
        independent,
    }
}

/// Most reads whose direction is decided at run time; beyond it the
/// table of outcomes (4^n) is not worth its code.
const MAX_RUNTIME_READS: usize = 3;

/// The decision table for reads whose direction is known only at run time.
fn guarded(
    written: &str,
    need: Vec<Option<Dir>>,
    pending: Vec<(Vec<Signs>, RuntimeDim, String)>,
) -> Decision {
    let reads: Vec<&str> = pending.iter().map(|p| p.2.as_str()).collect();
    let reason = format!("write {written} and read {} may touch the same element in opposite orders (known at run time)", reads.join(", "));
    if pending.len() > MAX_RUNTIME_READS {
        return Decision::Temporary(reason);
    }
    let mut table = Vec::new();
    let combos = 4usize.pow(pending.len() as u32);
    for c in 0..combos {
        let outcome: Vec<u8> = (0..pending.len())
            .map(|r| ((c >> (2 * r)) & 3) as u8)
            .collect();
        let mut need_c = need.clone();
        let mut ok = true;
        for ((signs, rt, _), o) in pending.iter().zip(&outcome) {
            if *o == NO_DEP {
                continue;
            }
            let mut s = signs.clone();
            s[rt.loop_dim as usize] = Signs {
                lt: *o == LT,
                eq: *o == EQ,
                gt: *o == GT,
            };
            if require_directions(&s, &mut need_c).is_err() {
                ok = false;
                break;
            }
        }
        let rev = ok.then(|| {
            need_c
                .iter()
                .map(|n| *n == Some(Dir::Backward))
                .collect::<Vec<bool>>()
        });
        table.push((outcome, rev));
    }
    let first = table[0].1.clone();
    if table.iter().all(|(_, r)| *r == first) {
        return match first {
            Some(reversed) => Decision::InPlace {
                reversed,
                independent: false,
            },
            None => Decision::Temporary(reason),
        };
    }
    Decision::Guarded {
        runtime: pending.into_iter().map(|p| p.1).collect(),
        table,
        reason,
    }
}

/// Walk the loop dimensions from the outermost and record which direction
/// each must run in; `Err(d)` when dimension `d` needs both.
fn require_directions(signs: &[Signs], need: &mut [Option<Dir>]) -> Result<(), usize> {
    for d in (0..signs.len()).rev() {
        let s = signs[d];
        let want = match (s.lt, s.gt) {
            (true, true) => return Err(d),
            (false, true) => Some(Dir::Backward),
            (true, false) => Some(Dir::Forward),
            (false, false) => None,
        };
        if let Some(w) = want {
            match need[d] {
                Some(prev) if prev != w => return Err(d),
                _ => need[d] = Some(w),
            }
        }
        if !s.eq {
            break;
        }
    }
    Ok(())
}

/// What one loop dimension's equations say about the write iteration `i`
/// and the read iteration `j`.
#[derive(Debug, Clone, Copy, Default)]
struct LoopFacts {
    /// Both traverse the same array dimension: the signs of `j - i`.
    pair: Option<Signs>,
    /// The write's index is pinned by a fixed read subscript.
    i: Option<i128>,
    /// The read's index is pinned by a fixed write subscript.
    j: Option<i128>,
    /// The extent, when known.
    n: Option<i128>,
}

impl LoopFacts {
    fn signs(self) -> Signs {
        let below_last = |k: i128| self.n.map_or(true, |n| k < n - 1);
        match (self.pair, self.i, self.j) {
            (Some(s), _, _) => s,
            (None, Some(i), Some(j)) => Signs {
                lt: j < i,
                eq: j == i,
                gt: j > i,
            },
            (None, Some(i), None) => Signs {
                lt: i > 0,
                eq: true,
                gt: below_last(i),
            },
            (None, None, Some(j)) => Signs {
                lt: below_last(j),
                eq: true,
                gt: j > 0,
            },
            (None, None, None) => Signs::ALL,
        }
    }
}

/// Per loop dimension, the possible signs of `j - i` for a write at `i`
/// and a read at `j` of the same element; `Ok(None)` when no element is
/// both written and read.
fn dimension_signs(
    chain: &Chain,
    write: &Term,
    read: &Term,
) -> Result<Option<(Vec<Signs>, Option<RuntimeDim>)>, String> {
    let mut runtime: Option<RuntimeDim> = None;
    let (TermKind::Array { dims: wd, .. }, TermKind::Array { dims: rd, .. }) =
        (&write.kind, &read.kind)
    else {
        return Err("internal: not array terms".into());
    };
    let mut facts: Vec<LoopFacts> = (0..chain.rank)
        .map(|d| LoopFacts {
            n: konst(&chain.extent(d)).map(i128::from),
            ..LoopFacts::default()
        })
        .collect();
    for (ad, (w, r)) in wd.iter().zip(rd).enumerate() {
        let dim = ad + 1;
        match (w, r) {
            (DimAccess::Vector { .. }, _) | (_, DimAccess::Vector { .. }) => {
                return Err(format!("vector subscript in dimension {dim}"))
            }
            (DimAccess::Fixed(a), DimAccess::Fixed(b)) => match (konst(a), konst(b)) {
                (Some(x), Some(y)) if x != y => return Ok(None),
                // Equal, or unknown until run time: if the two subscripts
                // differ no element is shared at all, so assuming they are
                // equal only adds solutions (the safe side).
                _ => {}
            },
            (
                DimAccess::Range {
                    loop_dim: dw,
                    start: sw,
                    stride: tw,
                    ..
                },
                DimAccess::Range {
                    loop_dim: dr,
                    start: sr,
                    stride: tr,
                    ..
                },
            ) => {
                if dw != dr {
                    return Err(format!(
                        "dimension {dim} is traversed by different loops (transposed access)"
                    ));
                }
                let f = &mut facts[*dw as usize];
                let n = f.n.map(|n| n as i64);
                let s = match (konst(sw), konst(tw), konst(sr), konst(tr)) {
                    (Some(sw), Some(tw), Some(sr), Some(tr)) => solve(tw, -tr, sr - sw, n),
                    _ if tw == tr && sw == sr => Signs::EQ,
                    _ if tw == tr && runtime.is_none() => {
                        runtime = Some(RuntimeDim {
                            loop_dim: *dw,
                            diff: build::sub(sw.clone(), sr.clone()),
                            stride: tw.clone(),
                            extent: chain.extent(*dw),
                        });
                        Signs::ALL
                    }
                    _ => return Err(format!("run-time section bounds in dimension {dim}")),
                };
                if s.is_empty() {
                    return Ok(None);
                }
                f.pair = Some(s);
            }
            (
                DimAccess::Range {
                    loop_dim,
                    start,
                    stride,
                    ..
                },
                DimAccess::Fixed(v),
            )
            | (
                DimAccess::Fixed(v),
                DimAccess::Range {
                    loop_dim,
                    start,
                    stride,
                    ..
                },
            ) => {
                let write_is_range = matches!(w, DimAccess::Range { .. });
                let f = &mut facts[*loop_dim as usize];
                let k = match (konst(start), konst(stride), konst(v)) {
                    (Some(s0), Some(t), Some(v)) => pinned_iteration(s0, t, v, f.n),
                    // Unknown until run time: leave the iteration free, a
                    // superset of the real solutions.
                    _ => continue,
                };
                let Some(k) = k else { return Ok(None) };
                let slot = if write_is_range { &mut f.i } else { &mut f.j };
                if slot.is_some_and(|prev| prev != k) {
                    return Ok(None);
                }
                *slot = Some(k);
            }
        }
    }
    Ok(Some((
        facts.into_iter().map(LoopFacts::signs).collect(),
        runtime,
    )))
}

/// The iteration at which `s0 + t*k` equals `v`, if there is one in
/// `0 .. n-1`.
fn pinned_iteration(s0: i64, t: i64, v: i64, n: Option<i128>) -> Option<i128> {
    let diff = v as i128 - s0 as i128;
    if diff % t as i128 != 0 {
        return None;
    }
    let k = diff / t as i128;
    (k >= 0 && n.map_or(true, |n| k < n)).then_some(k)
}

/// Signs of `j - i` over the integer solutions of `a*i + b*j = c` with
/// `0 <= i, j < n` (`n` unknown: unbounded, which only adds signs).
fn solve(a: i64, b: i64, c: i64, n: Option<i64>) -> Signs {
    let (a, b, c) = (a as i128, b as i128, c as i128);
    let (g, x0, y0) = ext_gcd(a, b);
    if c % g != 0 {
        return Signs::default();
    }
    // i = i0 + (b/g) t, j = j0 - (a/g) t
    let (i0, j0) = (x0 * (c / g), y0 * (c / g));
    let (di, dj) = (b / g, -a / g);
    let hi = n.map_or(i128::MAX / 4, |n| n as i128 - 1);
    if hi < 0 {
        return Signs::default();
    }
    let (mut tlo, mut thi) = (i128::MIN / 4, i128::MAX / 4);
    for (base, step) in [(i0, di), (j0, dj)] {
        // 0 <= base + step*t <= hi
        let (l, h) = if step > 0 {
            (div_ceil(-base, step), div_floor(hi - base, step))
        } else {
            (div_ceil(hi - base, step), div_floor(-base, step))
        };
        tlo = tlo.max(l);
        thi = thi.min(h);
    }
    if tlo > thi {
        return Signs::default();
    }
    // j - i = (j0 - i0) + (dj - di) t, linear in t.
    let (d0, slope) = (j0 - i0, dj - di);
    let (at_lo, at_hi) = (d0 + slope * tlo, d0 + slope * thi);
    let (min, max) = (at_lo.min(at_hi), at_lo.max(at_hi));
    let eq = if slope == 0 {
        d0 == 0
    } else {
        (-d0) % slope == 0 && (tlo..=thi).contains(&(-d0 / slope))
    };
    Signs {
        lt: min < 0,
        eq,
        gt: max > 0,
    }
}

/// `(g, x, y)` with `a*x + b*y = g = gcd(a, b) > 0`.
fn ext_gcd(a: i128, b: i128) -> (i128, i128, i128) {
    let (mut r0, mut r1, mut s0, mut s1, mut t0, mut t1) = (a, b, 1i128, 0i128, 0i128, 1i128);
    while r1 != 0 {
        let q = r0 / r1;
        (r0, r1) = (r1, r0 - q * r1);
        (s0, s1) = (s1, s0 - q * s1);
        (t0, t1) = (t1, t0 - q * t1);
    }
    if r0 < 0 {
        (-r0, -s0, -t0)
    } else {
        (r0, s0, t0)
    }
}

fn div_floor(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn div_ceil(a: i128, b: i128) -> i128 {
    -div_floor(-a, b)
}

fn konst(e: &Expr) -> Option<i64> {
    match e {
        Expr::Const(Const::I64(v)) => Some(*v),
        Expr::Const(Const::I32(v)) => Some(i64::from(*v)),
        _ => None,
    }
}

/// True when two references denote the same elements in the same order.
fn same_reference(a: &hir::Expr, b: &hir::Expr) -> bool {
    match (&a.kind, &b.kind) {
        (ExprKind::Var(x), ExprKind::Var(y)) => x == y,
        (ExprKind::Section { array: x, subs: s }, ExprKind::Section { array: y, subs: t }) => {
            x == y && s.len() == t.len() && s.iter().zip(t).all(|(p, q)| same_subscript(p, q))
        }
        (ExprKind::Var(x), ExprKind::Section { array: y, subs })
        | (ExprKind::Section { array: y, subs }, ExprKind::Var(x)) => {
            x == y
                && subs.iter().all(|s| {
                    matches!(
                        s,
                        Subscript::Triplet {
                            lo: None,
                            hi: None,
                            stride: None
                        }
                    )
                })
        }
        _ => false,
    }
}

fn same_subscript(a: &Subscript, b: &Subscript) -> bool {
    match (a, b) {
        (Subscript::Scalar(x), Subscript::Scalar(y)) => same_value(x, y),
        // The same vector on both sides: element k of the write and of the
        // read are the same element (a vector subscript on the left may not
        // repeat an index), and the vector itself is not assigned here
        // (that case is caught as a left-hand-side read).
        (Subscript::Vector(x), Subscript::Vector(y)) => same_value(x, y),
        (
            Subscript::Triplet {
                lo: a1,
                hi: a2,
                stride: a3,
            },
            Subscript::Triplet {
                lo: b1,
                hi: b2,
                stride: b3,
            },
        ) => same_opt(a1, b1) && same_opt(a2, b2) && same_opt(a3, b3),
        _ => false,
    }
}

fn same_opt(a: &Option<hir::Expr>, b: &Option<hir::Expr>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(x), Some(y)) => same_value(x, y),
        _ => false,
    }
}

/// Structural equality of scalar expressions, ignoring spans. Expressions
/// are pure, so equal structure means equal values.
fn same_value(a: &hir::Expr, b: &hir::Expr) -> bool {
    if a.ty != b.ty || a.rank != b.rank {
        return false;
    }
    match (&a.kind, &b.kind) {
        (ExprKind::Const(x), ExprKind::Const(y)) => x == y,
        (ExprKind::Var(x), ExprKind::Var(y)) => x == y,
        (ExprKind::Unary(o, x), ExprKind::Unary(p, y)) => o == p && same_value(x, y),
        (ExprKind::Binary(o, x1, x2), ExprKind::Binary(p, y1, y2)) => {
            o == p && same_value(x1, y1) && same_value(x2, y2)
        }
        (ExprKind::Convert(x), ExprKind::Convert(y)) => same_value(x, y),
        (ExprKind::Intrinsic(f, xs), ExprKind::Intrinsic(g, ys)) => {
            f == g && xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| same_value(x, y))
        }
        (ExprKind::Section { .. }, ExprKind::Section { .. }) => same_reference(a, b),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(lt: bool, eq: bool, gt: bool) -> Signs {
        Signs { lt, eq, gt }
    }

    #[test]
    fn shift_right_reads_later() {
        // a(2:n) = a(1:n-1): write 2+i, read 1+j; j = i+1.
        assert_eq!(solve(1, -1, 1 - 2, Some(9)), s(false, false, true));
    }

    #[test]
    fn shift_left_reads_earlier() {
        // a(1:n-1) = a(2:n): j = i-1.
        assert_eq!(solve(1, -1, 2 - 1, Some(9)), s(true, false, false));
    }

    #[test]
    fn disjoint_strides_never_meet() {
        // a(1:9:2) = a(2:10:2): odd vs even.
        assert_eq!(solve(2, -2, 2 - 1, Some(5)), Signs::default());
    }

    #[test]
    fn reversal_meets_in_both_orders() {
        // a(1:n) = a(n:1:-1), n = 8: 1+i = 8-j.
        assert_eq!(solve(1, 1, 8 - 1, Some(8)), s(true, false, true));
    }

    #[test]
    fn different_strides_meet_only_forward_or_backward() {
        // a(1:4:2) = a(2:3): write 1+2i (1,3), read 2+j (2,3): 3 = 2+j -> j=1, i=1.
        assert_eq!(solve(2, -1, 2 - 1, Some(2)), s(false, true, false));
    }

    #[test]
    fn a_pinned_read_limits_the_directions() {
        let f = |i, j, n| {
            LoopFacts {
                pair: None,
                i,
                j,
                n: Some(n),
            }
            .signs()
        };
        assert_eq!(f(Some(2), None, 5), s(true, true, true));
        assert_eq!(f(Some(0), None, 5), s(false, true, true));
        assert_eq!(f(Some(0), Some(4), 5), s(false, false, true));
        assert_eq!(pinned_iteration(1, 1, 7, Some(5)), None);
        assert_eq!(pinned_iteration(1, 2, 4, Some(5)), None);
        assert_eq!(pinned_iteration(1, 2, 5, Some(5)), Some(2));
    }

    #[test]
    fn outer_dimension_decides_first() {
        let mut need = vec![None; 2];
        // outer (d=1): j > i only; inner irrelevant.
        require_directions(&[Signs::ALL, s(false, false, true)], &mut need).unwrap();
        assert_eq!(need, vec![None, Some(Dir::Backward)]);
        let mut need = vec![None; 2];
        assert_eq!(
            require_directions(&[Signs::ALL, s(true, false, true)], &mut need),
            Err(1)
        );
    }
}
