//! Format engine (placeholder, being written).
use std::fmt;

/// An output item.
#[derive(Debug, Clone, PartialEq)]
pub enum Item { I32(i32), I64(i64), F32(f32), F64(f64), Bool(bool), Str(String) }
/// A format error.
#[derive(Debug, Clone, PartialEq)]
pub struct FormatError(pub String);
impl fmt::Display for FormatError { fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str(&self.0) } }
/// Parsed format.
pub struct Format(String);
/// List-directed.
pub fn list_directed(items: &[Item]) -> String {
    let mut s = String::new();
    for i in items { s.push_str(&match i { Item::I32(v) => format!("{v:12}"), Item::I64(v) => format!("{v:22}"), Item::F32(v)=>format!(" {v:15.8}"), Item::F64(v)=>format!(" {v:25.16}"), Item::Bool(b) => if *b {" T".into()} else {" F".into()}, Item::Str(s)=>format!(" {s}") }); }
    s.push('\n'); s
}
/// Parse.
pub fn parse_format(s: &str) -> Result<Format, FormatError> { Ok(Format(s.to_string())) }
/// Format.
pub fn format_items(_f: &Format, items: &[Item]) -> Result<String, FormatError> { Ok(list_directed(items)) }
