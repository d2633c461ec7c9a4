//! The fscal scalarizer: typed HIR to loop IR.
//!
//! It follows gfortran's scalarizer (seed 004): every array statement is
//! walked once into an *ss chain* of terms ([`ss::Chain`]): array
//! references, vector subscripts, hoisted scalars and temporaries. Loop
//! bounds per dimension come from the best-informed term, every other term
//! gets a delta, partial offsets are hoisted to the loop level where they
//! become invariant, and a temporary is inserted only when the dependence
//! test ([`deps`]) says the statement cannot run in place. Unlike gfortran,
//! expression nodes find their ss entry by identity, so nothing depends on
//! the order the chain was built in.
//!
//! The scalarizer does not depend on Cranelift: its output is the
//! [`ir::LoopIr`], printable with [`print::dump`].

mod build;
pub mod deps;
mod explain;
pub mod ir;
mod lower;
mod nest;
pub mod print;
mod ss;

use fscal_frontend::hir;

/// Scalarizer options.
#[derive(Debug, Clone)]
pub struct Config {
    /// Emit bounds, shape, allocation and division checks (`-fno-check`
    /// turns them off).
    pub checks: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config { checks: true }
    }
}

/// One ss-chain entry of an explained statement.
#[derive(Debug, Clone, PartialEq)]
pub struct TermReport {
    /// The reference as written in the source (or a temporary's name).
    pub text: String,
    /// `write`, `read`, `scalar` (evaluated once before the loops),
    /// `temporary`.
    pub role: String,
    /// Per array dimension, how it is indexed: `s1*c + delta`, a fixed
    /// subscript, or a vector subscript.
    pub dims: Vec<String>,
    /// Element offset at the first iteration (descriptor offset plus every
    /// delta and fixed subscript).
    pub base: String,
}

/// One loop dimension of an explained statement.
#[derive(Debug, Clone, PartialEq)]
pub struct LoopReport {
    /// Loop dimension, 1-based (1 is the innermost loop).
    pub dim: u8,
    /// First index value.
    pub lo: String,
    /// Last index value.
    pub hi: String,
    /// The term whose bounds were chosen.
    pub bounds_from: String,
    /// Runs backwards.
    pub reversed: bool,
}

/// What the scalarizer decided for one array statement, for diagnostics
/// and `fscal explain`.
#[derive(Debug, Clone, PartialEq)]
pub struct NestReport {
    /// The statement.
    pub span: hir::Span,
    /// Source line of the statement.
    pub line: usize,
    /// The statement's source text.
    pub text: String,
    /// Number of loop dimensions.
    pub rank: u8,
    /// Why a temporary was created, if one was.
    pub temporary: Option<String>,
    /// Loop dimensions run backwards to avoid a temporary.
    pub reversed: Vec<bool>,
    /// A run-time test chooses the loop directions (and a temporary only
    /// for the outcomes that need one): what it tests.
    pub guard: Option<String>,
    /// The ss chain.
    pub terms: Vec<TermReport>,
    /// Loops, outermost last (index 0 is loop dimension 1).
    pub loops: Vec<LoopReport>,
    /// One verdict per read of the assigned array.
    pub verdicts: Vec<String>,
    /// Extents of the temporary, if any.
    pub temp_shape: Vec<String>,
    /// Bytes of the temporary when its size is known at compile time.
    pub temp_bytes: Option<i64>,
}

/// The scalarized program.
#[derive(Debug, Clone)]
pub struct Scalarized {
    /// The loop IR for the backend.
    pub ir: ir::LoopIr,
    /// One entry per scalarized array statement, in source order.
    pub nests: Vec<NestReport>,
}

/// Scalarize a checked program. `source` is the program text (spans index
/// it; run-time errors report its lines and columns).
pub fn scalarize(program: &hir::Program, source: &str, config: &Config) -> Scalarized {
    lower::Lowerer::new(program, source, config).run()
}
