//! The reference evaluator: the oracle the compiler is tested against.
//!
//! A plain tree-walking interpreter of the checked program
//! ([`hir::Program`]). It follows Fortran's semantics in the most direct
//! way: every right-hand side is evaluated completely into a temporary
//! (shape and values) before any element of the left-hand side is stored,
//! so overlapping sections like `a(2:5) = a(1:4)` need no analysis here.
//! Speed is secondary, but no big structure is allocated per element, so
//! arrays of a million elements are fine.
//!
//! ```
//! use fscal::reference::{run, Limits};
//! use fscal_frontend::hir::Program;
//!
//! let program = Program { name: "main".into(), symbols: vec![], body: vec![], loops: 0 };
//! let outcome = run(&program, &Limits::default());
//! assert_eq!(outcome.output, "");
//! assert!(outcome.error.is_none());
//! ```
//!
//! Run-time errors (bounds, shapes, division by zero, allocation misuse,
//! zero `DO` step) are returned in [`Outcome::error`] with the span of the
//! statement or expression responsible, never panicked; their messages are
//! the ones the compiled code prints (`fscal_runtime::error`).

use std::fmt;

use fscal_frontend::hir::{self, Span, SymbolId};

mod array;
mod expr;
mod intrinsic;
mod section;
mod stmt;
mod value;

#[cfg(test)]
mod tests;

use array::ArrayStore;
pub use value::Value;

/// Bounds on the work a program may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Statements (and loop iterations, including implied-do iterations)
    /// executed before the run stops with "step limit exceeded".
    pub max_steps: u64,
    /// Largest number of elements of one array or constructor.
    pub max_elements: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_steps: 100_000_000,
            max_elements: 1 << 26,
        }
    }
}

/// A run-time error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefError {
    /// The statement or expression responsible.
    pub span: Span,
    /// What went wrong, as the compiled program words it.
    pub message: String,
}

impl fmt::Display for RefError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}..{}: {}",
            self.span.start, self.span.end, self.message
        )
    }
}

impl std::error::Error for RefError {}

/// How a run ended.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// Everything printed, including the output before an error.
    pub output: String,
    /// The code of the `stop` that ended the program; `None` when it ran
    /// off the end, stopped with a bare `stop`, or failed.
    pub stop_code: Option<i64>,
    /// The run-time error that ended the program, if any.
    pub error: Option<RefError>,
}

/// Run `program`.
pub fn run(program: &hir::Program, limits: &Limits) -> Outcome {
    run_with_state(program, limits).0
}

/// Run `program` and keep the final values of its variables.
pub fn run_with_state(program: &hir::Program, limits: &Limits) -> (Outcome, State) {
    let mut interp = Interp {
        program,
        limits,
        slots: Vec::new(),
        steps: 0,
        output: String::new(),
    };
    let result = interp.init_slots().and_then(|()| interp.exec_program());
    let (stop_code, error) = match result {
        Ok(code) => (code, None),
        Err(e) => (None, Some(e)),
    };
    let outcome = Outcome {
        output: std::mem::take(&mut interp.output),
        stop_code,
        error,
    };
    (
        outcome,
        State {
            slots: interp.slots,
        },
    )
}

/// The storage of one symbol.
#[derive(Debug, Clone, PartialEq)]
enum Slot {
    /// A scalar variable.
    Scalar(Value),
    /// An array variable; `None` while unallocated.
    Array(Option<ArrayStore>),
}

/// The variables of a finished run.
#[derive(Debug, Clone, PartialEq)]
pub struct State {
    slots: Vec<Slot>,
}

impl State {
    /// The value of a scalar variable (`None` for arrays and unknown ids).
    pub fn scalar(&self, sym: SymbolId) -> Option<Value> {
        match self.slots.get(sym.index())? {
            Slot::Scalar(v) => Some(*v),
            Slot::Array(_) => None,
        }
    }

    /// The elements of an allocated array in array element order (`None`
    /// for scalars and unallocated arrays).
    pub fn array_values(&self, sym: SymbolId) -> Option<Vec<Value>> {
        self.array_elements(sym).map(<[Value]>::to_vec)
    }

    /// As [`State::array_values`], without copying.
    pub fn array_elements(&self, sym: SymbolId) -> Option<&[Value]> {
        self.store(sym).map(|s| s.data.as_slice())
    }

    /// `(lower, upper)` bounds per dimension of an allocated array.
    pub fn array_bounds(&self, sym: SymbolId) -> Option<Vec<(i64, i64)>> {
        let s = self.store(sym)?;
        Some(
            (0..s.extents.len())
                .map(|d| (s.lbounds[d], s.ubound(d)))
                .collect(),
        )
    }

    fn store(&self, sym: SymbolId) -> Option<&ArrayStore> {
        match self.slots.get(sym.index())? {
            Slot::Array(Some(s)) => Some(s),
            _ => None,
        }
    }
}

/// The interpreter: the program, its variables and its output so far. The
/// evaluation methods live in `expr`, `section` and `stmt`.
struct Interp<'p> {
    program: &'p hir::Program,
    limits: &'p Limits,
    slots: Vec<Slot>,
    steps: u64,
    output: String,
}

/// Turns an operation's message into an error at `span`.
fn at(span: Span) -> impl Fn(String) -> RefError {
    move |message| RefError { span, message }
}
