//! The output format engine: list-directed and formatted output that
//! matches gfortran 12 byte for byte.
//!
//! Pure Rust, no I/O: the functions return the full text of one output
//! statement, newlines included.
//!
//! ```
//! use fscal_runtime::format::{format_items, list_directed, parse_format, Item};
//!
//! assert_eq!(list_directed(&[Item::Str("x =".into()), Item::I32(1)]), " x =           1\n");
//! let f = parse_format("(i3, \" end\")").unwrap();
//! assert_eq!(format_items(&f, &[Item::I32(5)]).unwrap(), "  5 end\n");
//! ```

use std::fmt;

mod digits;
mod edit;
mod exec;
mod list;
mod parse;
mod real;

pub use list::list_directed;

/// One output item.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    /// `integer(4)`
    I32(i32),
    /// `integer(8)`
    I64(i64),
    /// `real(4)`
    F32(f32),
    /// `real(8)`
    F64(f64),
    /// `logical`
    Bool(bool),
    /// `character`
    Str(String),
}

/// A malformed format or an item that does not fit its edit descriptor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError {
    /// gfortran's wording, e.g. `Nonnegative width required in format` or
    /// `Expected INTEGER for item 1 in formatted transfer, got REAL`.
    pub message: String,
    /// For syntax errors: the format text and the 1-based column where the
    /// problem was found.
    pub location: Option<(String, usize)>,
    /// Records completed before a run-time error (newline-terminated), which
    /// gfortran has already written when it stops.
    pub partial: String,
}

impl FormatError {
    pub(crate) fn parse(message: &str, format: &str, column: usize) -> Self {
        FormatError {
            message: message.to_string(),
            location: Some((format.to_string(), column)),
            partial: String::new(),
        }
    }

    pub(crate) fn runtime(message: &str) -> Self {
        FormatError {
            message: message.to_string(),
            location: None,
            partial: String::new(),
        }
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if let Some((text, column)) = &self.location {
            write!(f, ": '{text}' at column {column}")?;
        }
        Ok(())
    }
}

impl std::error::Error for FormatError {}

/// A parsed format specification.
#[derive(Debug, Clone, PartialEq)]
pub struct Format {
    nodes: Vec<parse::Node>,
}

/// Parse a format specification, e.g. `(i5, 2f8.3, a)`: the value of the
/// character constant, without its surrounding quotes.
pub fn parse_format(s: &str) -> Result<Format, FormatError> {
    Ok(Format {
        nodes: parse::parse(s)?,
    })
}

/// The text `print fmt, items` writes, including every newline.
pub fn format_items(f: &Format, items: &[Item]) -> Result<String, FormatError> {
    exec::Exec::new(&f.nodes).run(items)
}
