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
/// diagnostic found (lexical, syntax and semantic), in source order.
///
/// After a syntax error the lines that parsed are still checked, so one
/// run reports the semantic errors too.
pub fn check(src: &str) -> (Option<hir::Program>, Vec<diagnostic::Diagnostic>) {
    let parsed = parser::parse_recovering(src);
    let Some(ast) = parsed.program else {
        return (None, parsed.diagnostics);
    };
    if parsed.diagnostics.is_empty() {
        return sema::analyze(&ast);
    }
    let (_, semantic) = sema::analyze_recovered(&ast, parsed.declarations_complete);
    // One line, one explanation: a semantic error on a line that already
    // has a lexical or syntax error most likely follows from it.
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(src.match_indices('\n').map(|(at, _)| at + 1))
        .collect();
    let line_of = |offset: usize| line_starts.partition_point(|&start| start <= offset);
    let reported: std::collections::HashSet<usize> = parsed
        .diagnostics
        .iter()
        .map(|d| line_of(d.span.start))
        .collect();
    let mut diags = parsed.diagnostics;
    diags.extend(
        semantic
            .into_iter()
            .filter(|d| !reported.contains(&line_of(d.span.start))),
    );
    diags.sort_by_key(|d| (d.span.start, d.span.end));
    (None, diags)
}

lalrpop_util::lalrpop_mod!(
    #[allow(clippy::all, missing_docs, unused_qualifications)]
    grammar
);
