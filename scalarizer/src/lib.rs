//! The fscal scalarizer: typed HIR to loop IR.
pub mod ir;
