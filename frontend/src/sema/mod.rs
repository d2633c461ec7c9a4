//! Semantic analysis: AST to typed HIR, accumulating every diagnostic.
//!
//! One [`Sema`] walks the program once: declarations first (symbols, types,
//! kinds, shapes, named constants), then the execution part. A failed
//! subexpression yields `None` after its diagnostic has been recorded, and
//! its parents stay silent, so each mistake is reported once and the walk
//! goes on to find the next one.

mod decl;
mod expr;
mod fold;
mod intrinsics;
mod shape;
mod stmt;

use std::collections::HashMap;

use crate::ast;
use crate::diagnostic::Diagnostic;
use crate::hir::{self, Shape, Span, Symbol, SymbolId, Type};

pub use fold::fold;
pub use shape::{declared_bounds, static_shape};

/// Check a parsed program. Returns the HIR when there was no error, and
/// every diagnostic (errors and warnings) in source order.
pub fn analyze(program: &ast::Program) -> (Option<hir::Program>, Vec<Diagnostic>) {
    let mut sema = Sema::default();
    sema.declarations(&program.decls);
    let body = sema.block(&program.body);
    let mut diags = sema.diags;
    diags.sort_by_key(|d| (d.span.start, d.span.end));
    let has_error = diags
        .iter()
        .any(|d| d.severity == crate::diagnostic::Severity::Error);
    if has_error {
        return (None, diags);
    }
    let name = program
        .name
        .as_ref()
        .map_or_else(|| "main".to_string(), |n| n.name.clone());
    let hir = hir::Program {
        name,
        symbols: sema.symbols,
        body,
        loops: sema.next_loop,
    };
    (Some(hir), diags)
}

/// An enclosing `do` loop, for `exit` and `cycle`.
struct LoopScope {
    name: Option<String>,
    label: hir::LoopLabel,
}

/// The analysis state.
#[derive(Default)]
struct Sema {
    diags: Vec<Diagnostic>,
    symbols: Vec<Symbol>,
    /// Names of the program scope.
    scope: HashMap<String, SymbolId>,
    /// Implied-do variables in scope, innermost last (they shadow `scope`).
    implied: Vec<(String, SymbolId)>,
    implicit_none: bool,
    loops: Vec<LoopScope>,
    next_loop: u32,
}

impl Sema {
    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.diags.push(Diagnostic::error(span, message));
    }

    fn add_symbol(&mut self, symbol: Symbol) -> SymbolId {
        let id = SymbolId(self.symbols.len() as u32);
        self.symbols.push(symbol);
        id
    }

    fn sym(&self, id: SymbolId) -> &Symbol {
        &self.symbols[id.index()]
    }

    /// Resolve a name in an expression. Under `implicit none` an unknown
    /// name is an error; otherwise it is declared with its implicit type.
    fn lookup(&mut self, ident: &ast::Ident) -> Option<SymbolId> {
        if let Some((_, id)) = self.implied.iter().rev().find(|(n, _)| *n == ident.name) {
            return Some(*id);
        }
        if let Some(id) = self.scope.get(&ident.name) {
            return Some(*id);
        }
        if self.implicit_none {
            self.error(
                ident.span,
                format!(
                    "'{}' is not declared (implicit none is in effect)",
                    ident.name
                ),
            );
            return None;
        }
        let ty = implicit_type(&ident.name);
        let id = self.add_symbol(Symbol {
            name: ident.name.clone(),
            ty,
            shape: Shape::Scalar,
            parameter: None,
            init: None,
            span: ident.span,
        });
        self.scope.insert(ident.name.clone(), id);
        Some(id)
    }

    fn new_loop(&mut self, name: Option<&ast::Ident>) -> hir::LoopLabel {
        let label = hir::LoopLabel(self.next_loop);
        self.next_loop += 1;
        self.loops.push(LoopScope {
            name: name.map(|n| n.name.clone()),
            label,
        });
        label
    }
}

/// Fortran's implicit typing: names starting with i..n are integers.
fn implicit_type(name: &str) -> Type {
    match name.as_bytes().first() {
        Some(b'i'..=b'n') => Type::Int4,
        _ => Type::Real4,
    }
}
