//! The parser: source text to an [`ast::Program`].
//!
//! [`parse`] runs the [`Lexer`] into the lalrpop grammar
//! (`grammar.lalrpop`). The small functions below build AST nodes for the
//! grammar's actions and check what the grammar accepts loosely; every
//! problem becomes a [`Diagnostic`], and [`parse_error_diagnostic`] is the
//! one place where lalrpop's and the lexer's errors are put into words.

use std::collections::HashSet;

use lalrpop_util::{ErrorRecovery, ParseError};

use crate::ast::{self, *};
use crate::diagnostic::Diagnostic;
use crate::grammar::ProgramParser;
use crate::lexer::{LexError, Lexer, Token};

/// A parse error as lalrpop reports it.
pub type SyntaxError = ParseError<usize, Token, LexError>;

/// Parses a whole source file.
///
/// Returns the program, or every lexical error, every problem the grammar
/// actions found and the syntax errors (one per broken line, leaving out
/// those that an earlier error most likely caused).
///
/// ```
/// use fscal_frontend::ast::StmtKind;
/// use fscal_frontend::parser::parse;
///
/// let program = parse("program p\n  real :: a(3)\n  a = [1, 2, 3] * 2\nend program p\n").unwrap();
/// assert_eq!(program.decls.len(), 1);
/// assert!(matches!(program.body[0].kind, StmtKind::Assign { .. }));
///
/// let errors = parse("x = )\nend\n").unwrap_err();
/// assert_eq!(errors[0].message, "syntax error: unexpected ')', expected expression");
/// ```
pub fn parse(src: &str) -> Result<ast::Program, Vec<Diagnostic>> {
    let parsed = parse_recovering(src);
    match parsed.program {
        Some(program) if parsed.diagnostics.is_empty() => Ok(program),
        _ => Err(parsed.diagnostics),
    }
}

/// What [`parse_recovering`] found.
#[derive(Debug)]
pub struct Parsed {
    /// The program with every line that failed to parse left out; `None`
    /// when the parser could not recover (the end of the file came too
    /// early, for instance).
    pub program: Option<ast::Program>,
    /// Every lexical and syntax error, in source order.
    pub diagnostics: Vec<Diagnostic>,
    /// False when a line of the specification part failed to parse: the
    /// names it declared are unknown, so an undeclared name proves nothing.
    pub declarations_complete: bool,
}

/// Parses a whole source file, recovering from syntax errors line by line:
/// the program that remains can still be checked for semantic errors.
pub fn parse_recovering(src: &str) -> Parsed {
    let mut lex_errors = Vec::new();
    let mut significant = 0usize;
    // Lexical errors are set aside, so the parser goes on past them.
    let tokens = Lexer::new(src)
        .filter_map(|item| item.map_err(|error| lex_errors.push(error)).ok())
        .inspect(|(_, token, _)| {
            if !matches!(token, Token::Newline | Token::Semi) {
                significant += 1;
            }
        })
        .map(Ok::<_, LexError>);
    let mut diags = Diags::default();
    let program = match ProgramParser::new().parse(&mut diags, tokens) {
        Ok(program) => Some(program),
        Err(error) => {
            if significant == 0 {
                // Nothing but blanks, comments and bad characters.
                if lex_errors.is_empty() {
                    diags.no_program(src);
                }
            } else {
                diags.syntax_error(error);
            }
            None
        }
    };
    let declarations_complete = !diags.broken_declarations;
    Parsed {
        program,
        diagnostics: diags.finish(src, lex_errors),
        declarations_complete,
    }
}

/// Puts any lalrpop error, or a lexical error wrapped in
/// [`ParseError::User`], into words a Fortran programmer would use, and
/// points at the offending token.
pub fn parse_error_diagnostic(error: SyntaxError) -> Diagnostic {
    parse_error_in(error, "")
}

/// [`parse_error_diagnostic`] with the source at hand, to name a construct
/// by its first word (`'end if' without a matching 'if'`).
fn parse_error_in(error: SyntaxError, src: &str) -> Diagnostic {
    if let Some(diagnostic) = unmatched_end(&error, src) {
        return diagnostic;
    }
    match error {
        ParseError::User { error } => Diagnostic::error(error.span, error.to_string()),
        // Only the end of input would do: the program is over.
        ParseError::UnrecognizedToken {
            token: (start, token, end),
            expected,
        } if expected
            .iter()
            .all(|e| matches!(e.trim_matches('"'), "Unit" | "Newline" | ";")) =>
        {
            let message = format!("syntax error: unexpected {token} after the end of the program");
            Diagnostic::error(Span::new(start, end), message)
        }
        ParseError::UnrecognizedToken {
            token: (start, token, end),
            expected,
        } => {
            let message = format!(
                "syntax error: unexpected {token}{}",
                expected_words(&expected)
            );
            Diagnostic::error(Span::new(start, end), message)
        }
        ParseError::UnrecognizedEof { location, expected } => {
            let has = |t: &str| expected.iter().any(|e| e.trim_matches('"') == t);
            let words = if has("enddo") {
                ", expected 'end do'".to_string()
            } else if has("endif") {
                ", expected 'end if'".to_string()
            } else if has("endprogram") {
                ", expected 'end program'".to_string()
            } else {
                expected_words(&expected)
            };
            let message = format!("syntax error: unexpected end of file{words}");
            Diagnostic::error(Span::new(location, location), message)
        }
        ParseError::ExtraToken {
            token: (start, token, end),
        } => {
            let message = format!("syntax error: unexpected {token} after the end of the program");
            Diagnostic::error(Span::new(start, end), message)
        }
        ParseError::InvalidToken { location } => {
            Diagnostic::error(Span::new(location, location), "syntax error: invalid token")
        }
    }
}

/// `end if`, `end do` or `else` where no construct is open, and `end X`
/// while another construct is: the constructs named in words.
fn unmatched_end(error: &SyntaxError, src: &str) -> Option<Diagnostic> {
    let ParseError::UnrecognizedToken {
        token: (start, token, end),
        expected,
    } = error
    else {
        return None;
    };
    let expects = |t: &str| expected.iter().any(|e| e.trim_matches('"') == t);
    // The word `end` right before the token, when the two are separate.
    let end_word = || {
        let before = src.get(..*start)?.trim_end_matches([' ', '\t']);
        let at = before.len().checked_sub(3)?;
        let word = before.get(at..)?;
        let starts_word = before[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_ascii_alphanumeric() && c != '_');
        (word.eq_ignore_ascii_case("end") && starts_word).then(|| Span::new(at, *end))
    };
    // The construct the parser waits to see closed, if it is one.
    let open = if expected.len() == 1 && expects("do") {
        Some("do")
    } else if expected.len() == 1 && expects("if") {
        Some("if")
    } else if expects("enddo") {
        Some("do")
    } else if expects("endif") {
        Some("if")
    } else {
        None
    };
    let (closing, span) = match token {
        Token::If | Token::Do | Token::Program => {
            let span = end_word()?;
            let word = token.fixed_text().unwrap_or_default();
            (format!("end {word}"), span)
        }
        Token::EndIf => ("endif".to_string(), Span::new(*start, *end)),
        Token::EndDo => ("enddo".to_string(), Span::new(*start, *end)),
        Token::EndProgram => ("endprogram".to_string(), Span::new(*start, *end)),
        Token::Else | Token::ElseIf if !expects("else") => {
            let word = token.fixed_text().unwrap_or_default();
            let message = format!("syntax error: '{word}' without a matching 'if'");
            return Some(Diagnostic::error(Span::new(*start, *end), message));
        }
        _ => return None,
    };
    let message = match (open, token) {
        (Some(construct), _) => format!("missing 'end {construct}' before '{closing}'"),
        (None, Token::If | Token::EndIf) => format!("'{closing}' without a matching 'if'"),
        (None, Token::Do | Token::EndDo) => format!("'{closing}' without a matching 'do'"),
        (None, _) => return None,
    };
    Some(Diagnostic::error(span, format!("syntax error: {message}")))
}

/// A group of terminals named by one word in "expected" lists. Terminals
/// are named as in the grammar, quotes removed: `(`, `print`, `IntLit`.
struct TokenGroup {
    word: &'static str,
    /// The group is named when any of these is expected...
    triggers: &'static [&'static str],
    /// ...and then these are not listed on their own.
    members: &'static [&'static str],
}

/// Binary operators: after an operand, all of them are expected at once.
#[rustfmt::skip]
const OPERATORS: &[&str] = &[
    "*", "**", "+", "-", "/", "//", "==", "/=", "<", "<=", ">", ">=", ".and.", ".or.", ".eqv.",
    ".neqv.",
];

/// In order: "expression" claims the unary `+` and `-` before "operator"
/// looks for binary ones, and names (which start expressions, and
/// `keyword = value` arguments too).
#[rustfmt::skip]
const TOKEN_GROUPS: &[TokenGroup] = &[
    TokenGroup {
        word: "expression",
        triggers: &["IntLit"],
        members: &[
            "IntLit", "RealLit", "StrLit", "LogicalLit", "(", "[", "(/", "+", "-", ".not.", "real",
            "logical", "Name",
        ],
    },
    TokenGroup { word: "operator", triggers: OPERATORS, members: OPERATORS },
    TokenGroup {
        word: "declaration",
        triggers: &["implicit"],
        members: &["implicit", "integer", "real", "double", "logical", "character"],
    },
    // Where a type but no other declaration may come: `[real :: ...]`.
    TokenGroup {
        word: "type",
        triggers: &["character"],
        members: &["integer", "real", "double", "logical", "character"],
    },
    TokenGroup {
        word: "statement",
        triggers: &["print"],
        members: &[
            "print", "write", "exit", "cycle", "allocate", "deallocate", "stop", "continue", "if",
            "do", "Unsupported", "Unit", "Name", "program",
        ],
    },
    TokenGroup { word: "end of line", triggers: &["Newline"], members: &["Newline", ";"] },
];

/// `, expected one of: 'end', expression` for lalrpop's terminal names.
fn expected_words(expected: &[String]) -> String {
    let mut remaining: Vec<&str> = expected.iter().map(|t| t.trim_matches('"')).collect();
    let mut words = Vec::new();
    for group in TOKEN_GROUPS {
        if remaining.iter().any(|name| group.triggers.contains(name)) {
            remaining.retain(|name| !group.members.contains(name));
            words.push(group.word.to_string());
        }
    }
    // `end` is named by the statement it starts: `'end do'` rather than
    // `'end', 'enddo'`.
    let closings = ["enddo", "endif", "endprogram"];
    if remaining.iter().any(|name| closings.contains(name)) {
        remaining.retain(|name| *name != "end");
    }
    words.extend(remaining.into_iter().map(terminal_word));
    words.sort();
    words.dedup();
    match words.as_slice() {
        [] => String::new(),
        [one] => format!(", expected {one}"),
        many => format!(", expected one of: {}", many.join(", ")),
    }
}

/// A terminal in user words: `=` is `'='`, `Name` is `name`.
fn terminal_word(terminal: &str) -> String {
    let word = match terminal {
        "Name" => "name",
        "IntLit" => "integer literal",
        "RealLit" => "real literal",
        "StrLit" => "character literal",
        "LogicalLit" => "logical literal",
        "Newline" => "end of line",
        "Unsupported" | "Unit" => "statement",
        "enddo" => "'end do'",
        "endif" => "'end if'",
        "endprogram" => "'end program'",
        "elseif" => "'else if'",
        text => return format!("'{text}'"),
    };
    word.to_string()
}

/// Diagnostics gathered while parsing, kept apart by origin so that
/// [`Diags::finish`] can leave out the syntax errors that follow from
/// another error.
#[derive(Debug, Default)]
pub(crate) struct Diags {
    /// Problems the grammar actions found.
    checks: Vec<Diagnostic>,
    /// Syntax errors, in order, as lalrpop reported them.
    syntax: Vec<SyntaxError>,
    /// A line of the specification part failed to parse.
    broken_declarations: bool,
}

impl Diags {
    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.checks.push(Diagnostic::error(span, message));
    }

    /// Records a syntax error. After the first, an unexpected `end`,
    /// `else` or end of file is most likely the consequence of a skipped
    /// construct header, so it is left out.
    fn syntax_error(&mut self, error: SyntaxError) {
        let follow_up = match &error {
            ParseError::UnrecognizedEof { .. } => true,
            ParseError::UnrecognizedToken {
                token: (_, token, _),
                ..
            } => matches!(
                token,
                Token::End
                    | Token::EndDo
                    | Token::EndIf
                    | Token::EndProgram
                    | Token::Else
                    | Token::ElseIf
                    | Token::Do
                    | Token::If
                    | Token::Program
            ),
            _ => false,
        };
        if self.syntax.is_empty() || !follow_up {
            self.syntax.push(error);
        }
    }

    /// The file has no statement at all.
    fn no_program(&mut self, src: &str) {
        let message = if src.trim().is_empty() {
            "no main program: the file is empty"
        } else {
            "no main program: the file has only comments and blank lines"
        };
        self.error(Span::new(0, 0), message);
    }

    /// Everything in source order. A syntax error on the same line as a
    /// lexical error is left out: the bad character explains it.
    fn finish(self, src: &str, lex_errors: Vec<LexError>) -> Vec<Diagnostic> {
        let line_starts: Vec<usize> = std::iter::once(0)
            .chain(src.match_indices('\n').map(|(at, _)| at + 1))
            .collect();
        let line_of = |offset: usize| line_starts.partition_point(|&start| start <= offset);
        let lex_lines: HashSet<usize> = lex_errors.iter().map(|e| line_of(e.span.start)).collect();
        let syntax = self
            .syntax
            .into_iter()
            .map(|error| parse_error_in(error, src))
            .filter(|d| !lex_lines.contains(&line_of(d.span.start)));
        let lexical = lex_errors
            .into_iter()
            .map(|error| parse_error_diagnostic(ParseError::User { error }));
        let mut all: Vec<Diagnostic> = lexical.chain(self.checks).chain(syntax).collect();
        all.sort_by_key(|d| d.span.start);
        all
    }
}

// ---- Helpers for the grammar's actions -----------------------------------

/// A line of the program before declarations and statements are split.
#[derive(Debug)]
pub(crate) enum Item {
    /// `program NAME`
    Program(Ident),
    /// A specification statement.
    Decl(Decl),
    /// An execution statement.
    Stmt(Stmt),
    /// A line that failed to parse (already reported).
    Broken,
}

/// A kind selector as written: `(args)` or `*8`.
#[derive(Debug)]
pub(crate) enum KindSelector {
    /// `(8)` or `(kind=8)`, with the span of the parentheses.
    Args(Vec<Arg>, Span),
    /// `*8`
    Star(Expr),
}

/// One item in `write( ... )`: `*`, `6`, `fmt='(a)'`.
#[derive(Debug)]
pub(crate) struct IoControl {
    /// `fmt` in `fmt=...`.
    pub keyword: Option<Ident>,
    /// `None` for `*`.
    pub value: Option<Expr>,
    /// The whole item.
    pub span: Span,
}

/// Records a syntax error the grammar recovered from; the statement it
/// returns stands in for the skipped line (the program is not returned).
pub(crate) fn recover(diags: &mut Diags, error: ErrorRecovery<usize, Token, LexError>) -> Stmt {
    diags.syntax_error(error.error);
    stmt(StmtKind::Continue, 0, 0)
}

/// Records a syntax error on a line of the program; the line is left out.
pub(crate) fn broken(diags: &mut Diags, error: ErrorRecovery<usize, Token, LexError>) -> Item {
    diags.syntax_error(error.error);
    Item::Broken
}

pub(crate) fn program(
    diags: &mut Diags,
    start: usize,
    items: Vec<Item>,
    (end_name, end_span): (Option<Ident>, Span),
    units: Vec<Stmt>,
) -> ast::Program {
    let (head, decls, mut body) = split_items(diags, items);
    if let Some(end_name) = end_name {
        if head.as_ref().map(|h| &h.name) != Some(&end_name.name) {
            let message = match &head {
                Some(head) => format!(
                    "'end program {}' does not match the program name '{}'",
                    end_name.name, head.name
                ),
                None => format!(
                    "'end program {}' names a program that has no 'program' statement",
                    end_name.name
                ),
            };
            diags.error(end_name.span, message);
        }
    }
    body.extend(units);
    ast::Program {
        name: head,
        decls,
        body,
        span: Span::new(start, end_span.end),
    }
}

/// The `program` statement comes first, then declarations, then the
/// executable statements; skipped units and unsupported statements (`use`,
/// `type`...) may come anywhere.
fn split_items(diags: &mut Diags, items: Vec<Item>) -> (Option<Ident>, Vec<Decl>, Vec<Stmt>) {
    let (mut head, mut decls, mut body) = (None::<Ident>, Vec::new(), Vec::new());
    let mut started = false;
    let mut executing = false;
    for item in items {
        match item {
            Item::Program(name) => {
                if let Some(first) = &head {
                    let message = format!(
                        "a second 'program' statement: the program is already named '{}'",
                        first.name
                    );
                    diags.error(name.span, message);
                } else {
                    if started {
                        diags.error(
                            name.span,
                            "the 'program' statement must come before declarations and statements",
                        );
                    }
                    head = Some(name);
                }
            }
            Item::Decl(decl) => {
                if executing {
                    diags.error(
                        decl_span(&decl),
                        "declaration after an executable statement",
                    );
                }
                started = true;
                decls.push(decl);
            }
            Item::Stmt(stmt) => {
                let skipped = matches!(stmt.kind, StmtKind::Unsupported(_));
                executing |= !skipped;
                started |= !skipped;
                body.push(stmt);
            }
            Item::Broken => {
                started = true;
                diags.broken_declarations |= !executing;
            }
        }
    }
    (head, decls, body)
}

fn decl_span(decl: &Decl) -> Span {
    match decl {
        Decl::ImplicitNone(span) | Decl::Var { span, .. } => *span,
    }
}

pub(crate) fn var_without_colons(
    diags: &mut Diags,
    ty: TypeSpec,
    entities: Vec<Entity>,
    span: Span,
) -> Decl {
    for entity in entities.iter().filter(|e| e.init.is_some()) {
        diags.error(
            entity.span,
            "an initialization needs '::' in the declaration",
        );
    }
    Decl::Var {
        ty,
        attrs: Vec::new(),
        entities,
        span,
    }
}

pub(crate) fn type_spec(
    diags: &mut Diags,
    base: BaseType,
    selector: Option<KindSelector>,
    span: Span,
) -> TypeSpec {
    let kind = match selector {
        None => None,
        Some(KindSelector::Star(kind)) => Some(kind),
        Some(KindSelector::Args(args, args_span)) => match <[Arg; 1]>::try_from(args) {
            Ok([Arg::Expr(kind)]) => Some(kind),
            Ok([Arg::Keyword(key, kind)]) if key.name == "kind" => Some(kind),
            _ => {
                diags.error(
                    args_span,
                    "invalid kind selector: expected '(kind)' or '(kind=kind)'",
                );
                None
            }
        },
    };
    TypeSpec { base, kind, span }
}

/// Array bounds (`10`, `0:n`, `:`) from subscript-like arguments.
pub(crate) fn dim_specs(diags: &mut Diags, args: Vec<Arg>) -> Vec<DimSpec> {
    args.into_iter()
        .filter_map(|arg| dim_spec(diags, arg))
        .collect()
}

fn dim_spec(diags: &mut Diags, arg: Arg) -> Option<DimSpec> {
    match arg {
        Arg::Expr(upper) => Some(DimSpec::Explicit { lower: None, upper }),
        Arg::Triplet {
            lo,
            hi: Some(upper),
            stride: None,
            ..
        } => Some(DimSpec::Explicit { lower: lo, upper }),
        Arg::Triplet {
            lo: None,
            hi: None,
            stride: None,
            span,
        } => Some(DimSpec::Deferred(span)),
        Arg::Triplet { span, .. } => {
            diags.error(
                span,
                "invalid array bounds: expected 'upper', 'lower:upper' or ':'",
            );
            Some(DimSpec::Invalid(span))
        }
        Arg::Keyword(key, _) => {
            diags.error(
                key.span,
                format!("invalid array bounds: unexpected keyword '{}='", key.name),
            );
            Some(DimSpec::Invalid(key.span))
        }
    }
}

pub(crate) fn alloc_items(diags: &mut Diags, args: Vec<Arg>) -> Vec<AllocItem> {
    args.into_iter()
        .filter_map(|arg| alloc_item(diags, arg))
        .collect()
}

fn alloc_item(diags: &mut Diags, arg: Arg) -> Option<AllocItem> {
    let expr = match arg {
        Arg::Expr(expr) => expr,
        Arg::Keyword(key, _) => {
            diags.error(
                key.span,
                format!("'{}=' in allocate is not supported yet", key.name),
            );
            return None;
        }
        Arg::Triplet { span, .. } => {
            diags.error(span, "expected an array with its bounds, like 'a(n)'");
            return None;
        }
    };
    let mut expr = expr;
    let span = expr.span;
    let kind = std::mem::replace(&mut expr.kind, ExprKind::Lit(Literal::Logical(false)));
    let (name, args) = match kind {
        ExprKind::Apply { name, args } => (name, args),
        ExprKind::Name(name) => {
            diags.error(
                span,
                format!(
                    "allocate needs the bounds of '{0}', like '{0}(n)'",
                    name.name
                ),
            );
            return None;
        }
        _ => {
            diags.error(span, "expected an array with its bounds, like 'a(n)'");
            return None;
        }
    };
    let dims = dim_specs(diags, args);
    Some(AllocItem { name, dims, span })
}

pub(crate) fn dealloc_names(diags: &mut Diags, args: Vec<Arg>) -> Vec<Ident> {
    let mut names = Vec::new();
    for arg in args {
        match arg {
            Arg::Expr(mut expr) => {
                let kind =
                    std::mem::replace(&mut expr.kind, ExprKind::Lit(Literal::Logical(false)));
                match kind {
                    ExprKind::Name(name) => names.push(name),
                    ExprKind::Apply { name, .. } => diags.error(
                        expr.span,
                        format!(
                            "deallocate takes the name of the array alone, like '{}'",
                            name.name
                        ),
                    ),
                    _ => diags.error(expr.span, "expected the name of an allocatable array"),
                }
            }
            Arg::Keyword(key, _) => diags.error(
                key.span,
                format!("'{}=' in deallocate is not supported yet", key.name),
            ),
            Arg::Triplet { span, .. } => {
                diags.error(span, "expected the name of an allocatable array")
            }
        }
    }
    names
}

pub(crate) fn stmt(kind: StmtKind, start: usize, end: usize) -> Stmt {
    Stmt {
        kind,
        span: Span::new(start, end),
    }
}

/// `write(unit, format) items`: the unit is ignored, only the format
/// matters.
pub(crate) fn write(
    diags: &mut Diags,
    control: Vec<IoControl>,
    items: Vec<Expr>,
    span: Span,
) -> Stmt {
    let mut format = None;
    for (position, item) in control.into_iter().enumerate() {
        let keyword = item.keyword.as_ref().map(|k| k.name.as_str());
        match (keyword, position) {
            (Some("unit"), _) | (None, 0) => {}
            (Some("fmt"), _) | (None, 1) => format = Some(item.value),
            (Some(other), _) => diags.error(
                item.span,
                format!("'{other}=' in write is not supported yet"),
            ),
            (None, _) => diags.error(item.span, "too many items in the write control list"),
        }
    }
    let format = match format {
        Some(Some(expr)) => FormatSpec::Expr(expr),
        Some(None) => FormatSpec::List,
        None => {
            diags.error(span, "write needs a format, like 'write(*, *)'");
            FormatSpec::List
        }
    };
    Stmt {
        kind: StmtKind::Print { format, items },
        span,
    }
}

pub(crate) fn if_construct(
    (cond, span): (Expr, Span),
    body: Vec<Stmt>,
    else_ifs: Vec<(Expr, Vec<Stmt>)>,
    else_body: Option<Vec<Stmt>>,
) -> Stmt {
    let mut arms = vec![(cond, body)];
    arms.extend(else_ifs);
    Stmt {
        kind: StmtKind::If { arms, else_body },
        span,
    }
}

pub(crate) fn do_loop(
    diags: &mut Diags,
    label: Option<Ident>,
    control: Option<DoControl>,
    body: Vec<Stmt>,
    end_name: Option<Ident>,
    span: Span,
) -> Stmt {
    check_end_name(diags, label.as_ref(), end_name);
    Stmt {
        kind: StmtKind::Do {
            label,
            control,
            body,
        },
        span,
    }
}

pub(crate) fn do_while(
    diags: &mut Diags,
    label: Option<Ident>,
    cond: Expr,
    body: Vec<Stmt>,
    end_name: Option<Ident>,
    span: Span,
) -> Stmt {
    check_end_name(diags, label.as_ref(), end_name);
    Stmt {
        kind: StmtKind::DoWhile { label, cond, body },
        span,
    }
}

fn check_end_name(diags: &mut Diags, label: Option<&Ident>, end_name: Option<Ident>) {
    if let Some(end_name) = end_name {
        let message = match label {
            Some(label) if label.name == end_name.name => return,
            Some(label) => format!(
                "'end do {}' does not match the loop name '{}'",
                end_name.name, label.name
            ),
            None => format!(
                "'end do {}' names a loop, but the loop has no name",
                end_name.name
            ),
        };
        diags.error(end_name.span, message);
    }
}

pub(crate) fn expr(kind: ExprKind, span: Span) -> Expr {
    Expr { kind, span }
}

pub(crate) fn name(ident: Ident) -> Expr {
    let span = ident.span;
    expr(ExprKind::Name(ident), span)
}

pub(crate) fn apply(name: Ident, args: Vec<Arg>, end: usize) -> Expr {
    let span = Span::new(name.span.start, end);
    expr(ExprKind::Apply { name, args }, span)
}

pub(crate) fn binary(op: BinaryOp, lhs: Expr, rhs: Expr) -> Expr {
    let span = lhs.span.to(rhs.span);
    expr(ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)), span)
}

pub(crate) fn unary(op: UnaryOp, operand: Expr, start: usize) -> Expr {
    let span = Span::new(start, operand.span.end);
    expr(ExprKind::Unary(op, Box::new(operand)), span)
}

pub(crate) fn triplet(lo: Option<Expr>, hi: Option<Expr>, stride: Option<Expr>, span: Span) -> Arg {
    Arg::Triplet {
        lo,
        hi,
        stride,
        span,
    }
}

pub(crate) fn constructor((ty, items): (Option<TypeSpec>, Vec<AcItem>), span: Span) -> Expr {
    expr(
        ExprKind::Constructor {
            ty: ty.map(Box::new),
            items,
        },
        span,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexer::LexErrorKind;

    fn expected(names: &[&str]) -> Vec<String> {
        names.iter().map(|name| name.to_string()).collect()
    }

    #[test]
    fn expected_tokens_in_user_words() {
        assert_eq!(expected_words(&[]), "");
        assert_eq!(expected_words(&expected(&["\"=\""])), ", expected '='");
        let words = expected_words(&expected(&["\")\"", "Name", "IntLit", "Newline", "\";\""]));
        assert_eq!(words, ", expected one of: ')', end of line, expression");
        let words = expected_words(&expected(&["\".eqv.\"", "\".neqv.\"", "\")\""]));
        assert_eq!(words, ", expected one of: ')', operator");
        let words = expected_words(&expected(&[
            "RealLit",
            "StrLit",
            "LogicalLit",
            "Unsupported",
        ]));
        assert_eq!(
            words,
            ", expected one of: character literal, logical literal, real literal, statement"
        );
    }

    #[test]
    fn every_error_variant_has_words_and_a_span() {
        let cases = [
            (
                ParseError::InvalidToken { location: 3 },
                (3, 3),
                "syntax error: invalid token",
            ),
            (
                ParseError::ExtraToken {
                    token: (4, Token::Comma, 5),
                },
                (4, 5),
                "syntax error: unexpected ',' after the end of the program",
            ),
            (
                ParseError::UnrecognizedToken {
                    token: (1, Token::RParen, 2),
                    expected: vec![],
                },
                (1, 2),
                "syntax error: unexpected ')' after the end of the program",
            ),
            (
                ParseError::UnrecognizedEof {
                    location: 9,
                    expected: expected(&["\"do\""]),
                },
                (9, 9),
                "syntax error: unexpected end of file, expected 'do'",
            ),
            (
                ParseError::User {
                    error: LexError {
                        kind: LexErrorKind::UnexpectedChar('@'),
                        span: Span::new(6, 7),
                    },
                },
                (6, 7),
                "unexpected character '@'",
            ),
        ];
        for (error, (start, end), message) in cases {
            let diagnostic = parse_error_diagnostic(error);
            assert_eq!(diagnostic.span, Span::new(start, end));
            assert_eq!(diagnostic.message, message);
        }
    }

    #[test]
    fn only_the_first_follow_up_error_is_kept() {
        let mut diags = Diags::default();
        let end = |at| ParseError::UnrecognizedToken {
            token: (at, Token::End, at + 3),
            expected: vec![],
        };
        diags.syntax_error(end(0));
        diags.syntax_error(end(10));
        diags.syntax_error(ParseError::UnrecognizedEof {
            location: 20,
            expected: vec![],
        });
        diags.syntax_error(ParseError::UnrecognizedToken {
            token: (30, Token::Comma, 31),
            expected: vec![],
        });
        let starts: Vec<usize> = diags
            .finish("", Vec::new())
            .iter()
            .map(|d| d.span.start)
            .collect();
        assert_eq!(starts, [0, 30]);
    }
}
