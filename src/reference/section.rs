//! Variables: reading and storing whole arrays, elements and sections.

use fscal_frontend::hir::{Expr, Span, Subscript, SymbolId};
use fscal_runtime::alloc::not_allocated_message;
use fscal_runtime::error::zero_stride_message;

use super::array::{conform, section_offsets, ArrayStore, ArrayVal, DimSel, Val};
use super::value::{internal, Value};
use super::{at, Interp, RefError, Slot};

impl Interp<'_> {
    /// The name of a symbol.
    pub(super) fn name(&self, sym: SymbolId) -> &str {
        &self.program.symbol(sym).name
    }

    /// The storage of an array that must be allocated.
    pub(super) fn store(&self, sym: SymbolId, span: Span) -> Result<&ArrayStore, RefError> {
        match &self.slots[sym.index()] {
            Slot::Array(Some(s)) => Ok(s),
            Slot::Array(None) => Err(at(span)(not_allocated_message(self.name(sym)))),
            Slot::Scalar(_) => Err(at(span)(internal(&format!(
                "'{}' is not an array",
                self.name(sym)
            )))),
        }
    }

    fn store_mut(&mut self, sym: SymbolId, span: Span) -> Result<&mut ArrayStore, RefError> {
        self.store(sym, span)?;
        match &mut self.slots[sym.index()] {
            Slot::Array(Some(s)) => Ok(s),
            _ => unreachable!("checked by `store`"),
        }
    }

    /// A scalar variable or a copy of a whole array.
    pub(super) fn eval_var(&self, sym: SymbolId, span: Span) -> Result<Val, RefError> {
        match &self.slots[sym.index()] {
            Slot::Scalar(v) => Ok(Val::Scalar(*v)),
            Slot::Array(_) => {
                let s = self.store(sym, span)?;
                Ok(Val::Array(ArrayVal {
                    extents: s.extents.clone(),
                    data: s.data.clone(),
                }))
            }
        }
    }

    /// An element or a section of `array`.
    pub(super) fn eval_section(
        &mut self,
        array: SymbolId,
        subs: &[Subscript],
        span: Span,
    ) -> Result<Val, RefError> {
        if is_element(subs) {
            let off = self.element_offset(array, subs, span)?;
            return Ok(Val::Scalar(self.store(array, span)?.data[off]));
        }
        let sels = self.resolve(array, subs, span)?;
        let store = self.store(array, span)?;
        let (extents, offsets) = section_offsets(store, &sels);
        let data = offsets.iter().map(|&o| store.data[o]).collect();
        Ok(Val::Array(ArrayVal { extents, data }))
    }

    /// Store `value` (already complete) into the whole variable `sym`; a
    /// scalar is broadcast to every element of an array.
    pub(super) fn assign_var(
        &mut self,
        sym: SymbolId,
        value: Val,
        span: Span,
    ) -> Result<(), RefError> {
        if let Slot::Scalar(old) = &mut self.slots[sym.index()] {
            let Val::Scalar(v) = value else {
                return Err(at(span)(internal("array assigned to a scalar")));
            };
            *old = v;
            return Ok(());
        }
        let store = self.store_mut(sym, span)?;
        match value {
            Val::Scalar(v) => store.data.fill(v),
            Val::Array(a) => {
                conform(&store.extents, &a.extents).map_err(at(span))?;
                store.data = a.data;
            }
        }
        Ok(())
    }

    /// Store `value` (already complete) into an element or section.
    pub(super) fn assign_section(
        &mut self,
        array: SymbolId,
        subs: &[Subscript],
        value: Val,
        span: Span,
    ) -> Result<(), RefError> {
        if is_element(subs) {
            let off = self.element_offset(array, subs, span)?;
            let Val::Scalar(v) = value else {
                return Err(at(span)(internal("array assigned to an element")));
            };
            self.store_mut(array, span)?.data[off] = v;
            return Ok(());
        }
        let sels = self.resolve(array, subs, span)?;
        let store = self.store_mut(array, span)?;
        let (extents, offsets) = section_offsets(store, &sels);
        match value {
            Val::Scalar(v) => offsets.iter().for_each(|&o| store.data[o] = v),
            Val::Array(a) => {
                conform(&extents, &a.extents).map_err(at(span))?;
                offsets
                    .iter()
                    .zip(a.data)
                    .for_each(|(&o, v)| store.data[o] = v);
            }
        }
        Ok(())
    }

    /// Storage offset of an element (every subscript scalar), checking each
    /// subscript against its bounds.
    fn element_offset(
        &mut self,
        array: SymbolId,
        subs: &[Subscript],
        span: Span,
    ) -> Result<usize, RefError> {
        let (mut offset, mut stride) = (0usize, 1usize);
        for (d, sub) in subs.iter().enumerate() {
            let Subscript::Scalar(e) = sub else {
                return Err(at(span)(internal("section subscript in an element")));
            };
            let i = self.eval_int(e)?;
            let store = self.store(array, span)?;
            // Reported at the subscript, as the compiled code does.
            store.check(self.name(array), d, i).map_err(at(e.span))?;
            offset += (i - store.lbounds[d]) as usize * stride;
            stride *= store.extents[d];
        }
        Ok(offset)
    }

    /// The indices each subscript selects, checked against the bounds.
    fn resolve(
        &mut self,
        array: SymbolId,
        subs: &[Subscript],
        span: Span,
    ) -> Result<Vec<DimSel>, RefError> {
        self.store(array, span)?;
        let mut sels = Vec::with_capacity(subs.len());
        for (d, sub) in subs.iter().enumerate() {
            let sel = match sub {
                Subscript::Scalar(e) => {
                    let i = self.eval_int(e)?;
                    self.check_index(array, d, i, e.span)?;
                    DimSel {
                        indices: vec![i],
                        keep: false,
                    }
                }
                Subscript::Triplet { lo, hi, stride } => {
                    self.triplet(array, d, [lo.as_ref(), hi.as_ref(), stride.as_ref()], span)?
                }
                Subscript::Vector(e) => self.vector(array, d, e)?,
            };
            sels.push(sel);
        }
        Ok(sels)
    }

    fn check_index(&self, array: SymbolId, d: usize, i: i64, span: Span) -> Result<(), RefError> {
        self.store(array, span)?
            .check(self.name(array), d, i)
            .map_err(at(span))
    }

    /// `lo:hi:stride` in dimension `d`: absent bounds are the array's, the
    /// default stride 1. A non-empty triplet checks its first and last
    /// selected index; an empty one selects nothing and checks nothing.
    /// As in the compiled code, a bad first index is reported at `lo`, a
    /// bad last index at `hi` and a zero stride at `stride` (at the section
    /// when the part is absent).
    fn triplet(
        &mut self,
        array: SymbolId,
        d: usize,
        parts: [Option<&Expr>; 3],
        span: Span,
    ) -> Result<DimSel, RefError> {
        let store = self.store(array, span)?;
        let defaults = [store.lbounds[d], store.ubound(d), 1];
        let mut v = defaults;
        for (slot, part) in v.iter_mut().zip(parts) {
            if let Some(e) = part {
                *slot = self.eval_int(e)?;
            }
        }
        let [lo, hi, stride] = v;
        let [lo_span, hi_span, stride_span] = parts.map(|p| p.map_or(span, |e| e.span));
        if stride == 0 {
            return Err(at(stride_span)(zero_stride_message(
                self.name(array),
                d as i64 + 1,
            )));
        }
        // The last selected index lies between `lo` and `hi`, so it fits.
        let n = ((hi as i128 - lo as i128 + stride as i128) / stride as i128).max(0);
        if n > 0 {
            self.check_index(array, d, lo, lo_span)?;
            self.check_index(
                array,
                d,
                (lo as i128 + (n - 1) * stride as i128) as i64,
                hi_span,
            )?;
        }
        // Both ends are inside the bounds, so `n` is at most the extent.
        let n = n as i64;
        Ok(DimSel {
            indices: (0..n).map(|k| lo + k * stride).collect(),
            keep: true,
        })
    }

    /// A vector subscript: every element must be inside the bounds (errors
    /// are reported at the vector expression).
    fn vector(&mut self, array: SymbolId, d: usize, e: &Expr) -> Result<DimSel, RefError> {
        let Val::Array(v) = self.eval(e)? else {
            return Err(at(e.span)(internal("scalar vector subscript")));
        };
        let mut indices = Vec::with_capacity(v.data.len());
        for x in v.data {
            let i = x
                .as_i64()
                .ok_or_else(|| at(e.span)(internal("non-integer vector subscript")))?;
            self.check_index(array, d, i, e.span)?;
            indices.push(i);
        }
        Ok(DimSel {
            indices,
            keep: true,
        })
    }
}

/// True when every subscript is scalar (an element reference).
fn is_element(subs: &[Subscript]) -> bool {
    subs.iter().all(|s| matches!(s, Subscript::Scalar(_)))
}

/// Zero-filled storage with the given `(lower, upper)` bounds.
pub(super) fn new_store(
    bounds: &[(i64, i64)],
    fill: Value,
    max_elements: u64,
) -> Result<ArrayStore, String> {
    let extents: Vec<u64> = bounds
        .iter()
        .map(|&(lb, ub)| (ub as i128 - lb as i128 + 1).max(0) as u64)
        .collect();
    let count = extents.iter().try_fold(1u64, |acc, &e| acc.checked_mul(e));
    match count {
        Some(n) if n <= max_elements => Ok(ArrayStore {
            lbounds: bounds.iter().map(|b| b.0).collect(),
            extents: extents.iter().map(|&e| e as usize).collect(),
            data: vec![fill; n as usize],
        }),
        _ => {
            let ext: Vec<String> = extents.iter().map(|e| e.to_string()).collect();
            Err(format!(
                "array of {} elements exceeds the limit of {max_elements} elements",
                ext.join(" x ")
            ))
        }
    }
}
