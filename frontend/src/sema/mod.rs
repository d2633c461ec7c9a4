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

use std::collections::{HashMap, HashSet};

use crate::ast;
use crate::diagnostic::Diagnostic;
use crate::hir::{self, Shape, Span, Symbol, SymbolId, Type};

pub use fold::fold;
pub use shape::{declared_bounds, static_shape};

/// Check a parsed program. Returns the HIR when there was no error, and
/// every diagnostic (errors and warnings) in source order.
pub fn analyze(program: &ast::Program) -> (Option<hir::Program>, Vec<Diagnostic>) {
    analyze_recovered(program, true)
}

/// [`analyze`] for a program the parser recovered from syntax errors (the
/// lines that failed are left out): when `declarations_complete` is false,
/// a line of the specification part was lost, so undeclared names are not
/// reported (they may be declared on that line).
pub fn analyze_recovered(
    program: &ast::Program,
    declarations_complete: bool,
) -> (Option<hir::Program>, Vec<Diagnostic>) {
    let mut sema = Sema {
        trust_undeclared: declarations_complete,
        ..Sema::default()
    };
    sema.skipped_names(&program.body);
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

/// The deepest nesting of implied-do loops in an array constructor: each
/// level is checked by recursion (its variable must be in scope first).
pub const MAX_IMPLIED_DO: usize = 100;

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
    /// Names whose declaration failed (already reported), or that skipped
    /// text defines (an unsupported declaration, a procedure after
    /// `contains`): references to them are not reported again.
    poisoned: HashSet<String>,
    /// Report undeclared names: false when a declaration line was lost to
    /// a syntax error, or a `use` statement may import any name.
    trust_undeclared: bool,
    /// Undeclared names already reported once.
    undeclared: HashSet<String>,
    /// Operands of calls, sections and constructors checked ahead of them
    /// (see [`Sema::typed`]), by node address.
    evaluated: HashMap<usize, Option<expr::Typed>>,
    /// Unsupported constructs already reported (`select`, `where`...): the
    /// lines that continue them (`case`, `end select`) are not reported.
    reported_constructs: HashSet<&'static str>,
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

    /// Names defined by skipped text, and whether a `use` statement may
    /// import any name.
    fn skipped_names(&mut self, body: &[ast::Stmt]) {
        for stmt in body {
            if let ast::StmtKind::Unsupported(skipped) = &stmt.kind {
                self.poisoned.extend(skipped.names.iter().cloned());
                if skipped.imports {
                    self.trust_undeclared = false;
                }
            }
        }
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
        if self.poisoned.contains(&ident.name) {
            return None;
        }
        if self.implicit_none {
            if self.trust_undeclared && self.undeclared.insert(ident.name.clone()) {
                let message = format!(
                    "'{}' is not declared (implicit none is in effect)",
                    ident.name
                );
                let mut diagnostic = Diagnostic::error(ident.span, message);
                if let Some(near) = self.similar_name(&ident.name) {
                    diagnostic = diagnostic.with_note(format!("did you mean '{near}'?"));
                }
                self.diags.push(diagnostic);
            }
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

    /// A declared name or an intrinsic close to `name` (a typo).
    fn similar_name(&self, name: &str) -> Option<String> {
        let mut candidates: Vec<&str> = self.scope.keys().map(String::as_str).collect();
        for intrinsic in intrinsics::names() {
            candidates.push(intrinsic);
        }
        candidates
            .into_iter()
            .filter(|c| *c != name)
            .map(|c| (edit_distance(name, c), c))
            .filter(|(d, _)| (*d == 1 && name.len() >= 3) || (*d == 2 && name.len() >= 6))
            .min()
            .map(|(_, c)| c.to_string())
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

/// Levenshtein distance (names are short).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// Fortran's implicit typing: names starting with i..n are integers.
fn implicit_type(name: &str) -> Type {
    match name.as_bytes().first() {
        Some(b'i'..=b'n') => Type::Int4,
        _ => Type::Real4,
    }
}
