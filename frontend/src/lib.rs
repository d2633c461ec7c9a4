//! The fscal frontend: source text to a typed HIR.
//!
//! `check` runs the whole frontend: the lexer and parser build an
//! [`ast::Program`], semantic analysis turns it into a [`hir::Program`],
//! and every problem found on the way is a [`diagnostic::Diagnostic`].
//! The frontend does no I/O.
pub mod ast;
pub mod diagnostic;
pub mod hir;
pub mod lexer;
pub mod parser;
pub mod sema;

/// Parse and check a program: the HIR when there is no error, and every
/// diagnostic found (lexical, syntax and semantic).
pub fn check(src: &str) -> (Option<hir::Program>, Vec<diagnostic::Diagnostic>) {
    match parser::parse(src) {
        Ok(ast) => sema::analyze(&ast),
        Err(diags) => (None, diags),
    }
}

lalrpop_util::lalrpop_mod!(
    #[allow(clippy::all, missing_docs, unused_qualifications)]
    grammar
);
