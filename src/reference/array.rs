//! Array values, array storage and elementwise evaluation.
//!
//! Elements are stored in array element order (column-major: the first
//! subscript varies fastest) in a flat `Vec<Value>`.

use fscal_runtime::error::{bounds_message, shape_message};

use super::value::Value;

/// The value of an expression: a scalar, or an array with its extents.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Val {
    /// Rank 0.
    Scalar(Value),
    /// Rank 1 or more.
    Array(ArrayVal),
}

/// An array value: extents per dimension and the elements in array
/// element order. Expression results have lower bounds 1.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct ArrayVal {
    pub extents: Vec<usize>,
    pub data: Vec<Value>,
}

impl ArrayVal {
    /// A rank-1 array of the given elements.
    pub fn vector(data: Vec<Value>) -> ArrayVal {
        ArrayVal {
            extents: vec![data.len()],
            data,
        }
    }
}

impl Val {
    /// All elements in array element order (one for a scalar).
    pub fn into_elements(self) -> Vec<Value> {
        match self {
            Val::Scalar(v) => vec![v],
            Val::Array(a) => a.data,
        }
    }
}

/// Storage of an allocated (or explicit-shape) array variable.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct ArrayStore {
    /// Lower bound per dimension.
    pub lbounds: Vec<i64>,
    /// Extent per dimension.
    pub extents: Vec<usize>,
    /// The elements.
    pub data: Vec<Value>,
}

impl ArrayStore {
    /// Upper bound of dimension `d` (`lbound - 1` when empty).
    pub fn ubound(&self, d: usize) -> i64 {
        self.lbounds[d] + self.extents[d] as i64 - 1
    }

    /// Distance between consecutive elements of dimension `d`.
    pub fn stride(&self, d: usize) -> usize {
        self.extents[..d].iter().product()
    }

    /// Check `index` against the bounds of dimension `d` (0-based) of the
    /// array called `name`.
    pub fn check(&self, name: &str, d: usize, index: i64) -> Result<(), String> {
        let (lb, ub) = (self.lbounds[d], self.ubound(d));
        if index < lb || index > ub {
            return Err(bounds_message(name, d as i64 + 1, index, lb, ub));
        }
        Ok(())
    }
}

/// The indices a subscript selects in one dimension.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct DimSel {
    /// Selected indices (already checked against the bounds).
    pub indices: Vec<i64>,
    /// False for a scalar subscript, which removes the dimension.
    pub keep: bool,
}

/// Extents of the section and the storage offset of each of its elements,
/// in array element order.
pub(super) fn section_offsets(store: &ArrayStore, sels: &[DimSel]) -> (Vec<usize>, Vec<usize>) {
    let extents: Vec<usize> = sels
        .iter()
        .filter(|s| s.keep)
        .map(|s| s.indices.len())
        .collect();
    let count: usize = sels.iter().map(|s| s.indices.len()).product();
    let strides: Vec<usize> = (0..sels.len()).map(|d| store.stride(d)).collect();
    let mut offsets = Vec::with_capacity(count);
    if count == 0 {
        return (extents, offsets);
    }
    // An odometer over the selected positions, first dimension fastest.
    let mut pos = vec![0usize; sels.len()];
    loop {
        let off = sels
            .iter()
            .enumerate()
            .map(|(d, s)| (s.indices[pos[d]] - store.lbounds[d]) as usize * strides[d])
            .sum();
        offsets.push(off);
        let Some(d) = (0..sels.len()).find(|&d| pos[d] + 1 < sels[d].indices.len()) else {
            break;
        };
        pos[d] += 1;
        pos[..d].iter_mut().for_each(|p| *p = 0);
    }
    (extents, offsets)
}

/// Check that two arrays have the same extents; the message names the
/// first differing dimension (1-based) and both extents.
pub(super) fn conform(left: &[usize], right: &[usize]) -> Result<(), String> {
    if left.len() != right.len() {
        return Err(format!(
            "array ranks do not conform ({} and {})",
            left.len(),
            right.len()
        ));
    }
    match left.iter().zip(right).position(|(l, r)| l != r) {
        Some(d) => Err(shape_message(d as i64 + 1, left[d] as i64, right[d] as i64)),
        None => Ok(()),
    }
}

/// Apply `f` elementwise to `args`, broadcasting scalars. Array arguments
/// must conform; the result is scalar when every argument is.
pub(super) fn elementwise(
    args: &[Val],
    mut f: impl FnMut(&[Value]) -> Result<Value, String>,
) -> Result<Val, String> {
    let mut shape: Option<&[usize]> = None;
    for arg in args {
        if let Val::Array(a) = arg {
            match shape {
                Some(s) => conform(s, &a.extents)?,
                None => shape = Some(&a.extents),
            }
        }
    }
    let mut buf: Vec<Value> = args.iter().map(first).collect();
    let Some(extents) = shape else {
        return f(&buf).map(Val::Scalar);
    };
    let count: usize = extents.iter().product();
    let mut data = Vec::with_capacity(count);
    for i in 0..count {
        for (slot, arg) in buf.iter_mut().zip(args) {
            if let Val::Array(a) = arg {
                *slot = a.data[i];
            }
        }
        data.push(f(&buf)?);
    }
    Ok(Val::Array(ArrayVal {
        extents: extents.to_vec(),
        data,
    }))
}

/// A placeholder element of `v` (its value for a scalar).
fn first(v: &Val) -> Value {
    match v {
        Val::Scalar(s) => *s,
        Val::Array(a) => a.data.first().copied().unwrap_or(Value::Logical(false)),
    }
}
