//! List-directed output (`print *`), laid out as gfortran does: every
//! record starts with a blank, items are separated by one blank except
//! between two adjacent character items, integers are right-justified in
//! 11 (`integer(4)`) or 20 (`integer(8)`) columns, reals use `1PG16.9E2`
//! (`real(4)`) or `1PG25.17E3` (`real(8)`), logicals are `T`/`F`, and
//! character items are written as they are. Records are never wrapped.

use super::real::{self, Real};
use super::Item;

/// The text of `print *, items`, including the final newline.
pub fn list_directed(items: &[Item]) -> String {
    let mut out = String::new();
    let mut previous_char = None;
    for item in items {
        let is_char = matches!(item, Item::Str(_));
        if previous_char != Some(true) || !is_char {
            out.push(' ');
        }
        match item {
            Item::I32(v) => out.push_str(&format!("{v:>11}")),
            Item::I64(v) => out.push_str(&format!("{v:>20}")),
            Item::F32(v) => out.push_str(&real::list_directed(Real::F32(*v))),
            Item::F64(v) => out.push_str(&real::list_directed(Real::F64(*v))),
            Item::Bool(b) => out.push(if *b { 'T' } else { 'F' }),
            Item::Str(s) => out.push_str(s),
        }
        previous_char = Some(is_char);
    }
    out.push('\n');
    out
}
