//! Unit tests of the reference evaluator over HIR built by hand (see
//! [`build`]) and, in `source`, over Fortran text.

mod arrays;
mod build;
mod errors;
mod exprs;
mod intrinsics;
mod source;
mod stmts;
