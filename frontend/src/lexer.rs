//! The lexer: source text to the tokens the lalrpop grammar consumes.
//!
//! Fortran's lexical quirks are handled here so the grammar never sees
//! them: `!` comments and `&` continuations are skipped like blanks (spans
//! stay offsets into the original text), newlines and `;` end statements,
//! dotted operators such as `.and.` are single tokens, `1.eq.2` is the
//! integer `1` followed by `.eq.`, and `(/ /)` are brackets of their own.
//!
//! Statements fscal recognises but does not support yet (`where`, `call`,
//! `select case`...) are folded into one [`Token::Unsupported`] per line, so
//! the grammar needs no rules for their contents.

use std::collections::VecDeque;
use std::fmt;

use logos::Logos;

use crate::ast::{self, Literal, Span};

/// A token with its start and end byte offsets, as lalrpop expects it.
pub type Spanned = (usize, Token, usize);

/// What the [`Lexer`] yields.
pub type LexResult = Result<Spanned, LexError>;

/// One token of free-form Fortran. Keywords are case-insensitive.
#[derive(Logos, Debug, Clone, PartialEq)]
#[logos(error(LexErrorKind, unexpected_char))]
#[logos(subpattern kind = r"_[a-zA-Z0-9_]+")]
#[logos(subpattern exp = r"[eEdD][+-]?[0-9]+")]
#[logos(subpattern blank = r"[ \t\f\r]")]
#[logos(subpattern comment = r"![^\n]*")]
// Skipped: blanks, comments, and continuations, which are `&`, an optional
// comment, the line end, any blank or comment-only lines, then an optional
// `&` on the continued line.
#[logos(skip(
    r"(?&blank)+|(?&comment)|&(?&blank)*(?&comment)?\n((?&blank)*(?&comment)?\n)*(?&blank)*&?",
    allow_greedy = true
))]
pub enum Token {
    /// `program`
    #[token("program", ignore(case))]
    Program,
    /// `end`
    #[token("end", ignore(case))]
    End,
    /// `endprogram`
    #[token("endprogram", ignore(case))]
    EndProgram,
    /// `implicit`
    #[token("implicit", ignore(case))]
    Implicit,
    /// `none`
    #[token("none", ignore(case))]
    None,
    /// `integer`
    #[token("integer", ignore(case))]
    Integer,
    /// `real`
    #[token("real", ignore(case))]
    Real,
    /// `double`
    #[token("double", ignore(case))]
    Double,
    /// `precision`
    #[token("precision", ignore(case))]
    Precision,
    /// `logical`
    #[token("logical", ignore(case))]
    Logical,
    /// `character`
    #[token("character", ignore(case))]
    Character,
    /// `dimension`
    #[token("dimension", ignore(case))]
    Dimension,
    /// `parameter`
    #[token("parameter", ignore(case))]
    Parameter,
    /// `allocatable`
    #[token("allocatable", ignore(case))]
    Allocatable,
    /// `allocate`
    #[token("allocate", ignore(case))]
    Allocate,
    /// `deallocate`
    #[token("deallocate", ignore(case))]
    Deallocate,
    /// `do`
    #[token("do", ignore(case))]
    Do,
    /// `enddo`
    #[token("enddo", ignore(case))]
    EndDo,
    /// `while`
    #[token("while", ignore(case))]
    While,
    /// `if`
    #[token("if", ignore(case))]
    If,
    /// `then`
    #[token("then", ignore(case))]
    Then,
    /// `else`
    #[token("else", ignore(case))]
    Else,
    /// `elseif`
    #[token("elseif", ignore(case))]
    ElseIf,
    /// `endif`
    #[token("endif", ignore(case))]
    EndIf,
    /// `exit`
    #[token("exit", ignore(case))]
    Exit,
    /// `cycle`
    #[token("cycle", ignore(case))]
    Cycle,
    /// `print`
    #[token("print", ignore(case))]
    Print,
    /// `write`
    #[token("write", ignore(case))]
    Write,
    /// `stop`
    #[token("stop", ignore(case))]
    Stop,
    /// `continue`
    #[token("continue", ignore(case))]
    Continue,

    /// `(`
    #[token("(")]
    LParen,
    /// `)`
    #[token(")")]
    RParen,
    /// `[`
    #[token("[")]
    LBracket,
    /// `]`
    #[token("]")]
    RBracket,
    /// `(/`, the old-style array constructor opener.
    #[token("(/")]
    LArray,
    /// `/)`
    #[token("/)")]
    RArray,
    /// `,`
    #[token(",")]
    Comma,
    /// `:`
    #[token(":")]
    Colon,
    /// `::`
    #[token("::")]
    DoubleColon,
    /// `=`
    #[token("=")]
    Assign,
    /// `*`
    #[token("*")]
    Star,
    /// `**`
    #[token("**")]
    Power,
    /// `/`
    #[token("/")]
    Slash,
    /// `//`
    #[token("//")]
    Concat,
    /// `+`
    #[token("+")]
    Plus,
    /// `-`
    #[token("-")]
    Minus,
    /// `==` or `.eq.`
    #[token("==")]
    #[token(".eq.", ignore(case))]
    Eq,
    /// `/=` or `.ne.`
    #[token("/=")]
    #[token(".ne.", ignore(case))]
    Ne,
    /// `<` or `.lt.`
    #[token("<")]
    #[token(".lt.", ignore(case))]
    Lt,
    /// `<=` or `.le.`
    #[token("<=")]
    #[token(".le.", ignore(case))]
    Le,
    /// `>` or `.gt.`
    #[token(">")]
    #[token(".gt.", ignore(case))]
    Gt,
    /// `>=` or `.ge.`
    #[token(">=")]
    #[token(".ge.", ignore(case))]
    Ge,
    /// `.and.`
    #[token(".and.", ignore(case))]
    And,
    /// `.or.`
    #[token(".or.", ignore(case))]
    Or,
    /// `.not.`
    #[token(".not.", ignore(case))]
    Not,
    /// `.eqv.`
    #[token(".eqv.", ignore(case))]
    Eqv,
    /// `.neqv.`
    #[token(".neqv.", ignore(case))]
    Neqv,
    /// `;`
    #[token(";")]
    Semi,
    /// A line end (continuation lines excepted).
    #[token("\n")]
    Newline,

    /// A name, lower-cased.
    #[regex("[a-zA-Z][a-zA-Z0-9_]*", |lex| lex.slice().to_ascii_lowercase())]
    Name(String),
    /// An integer literal: always [`Literal::Int`].
    #[regex("[0-9]+(?&kind)?", int_literal)]
    IntLit(Literal),
    /// A real literal: always [`Literal::Real`].
    #[regex(r"[0-9]+\.[0-9]*(?&exp)?(?&kind)?", real_literal)]
    #[regex(r"\.[0-9]+(?&exp)?(?&kind)?", real_literal)]
    #[regex(r"[0-9]+(?&exp)(?&kind)?", real_literal)]
    // An exponent letter with no digits after it.
    #[regex(r"([0-9]+\.?[0-9]*|\.[0-9]+)[eEdD][+-]?", malformed_number)]
    RealLit(Literal),
    /// A character literal, quotes removed and doubled quotes undoubled.
    #[regex(r"'([^'\n]|'')*'", string_literal)]
    #[regex(r#""([^"\n]|"")*""#, string_literal)]
    #[regex(r"'([^'\n]|'')*", |_| Err(LexErrorKind::UnterminatedString))]
    #[regex(r#""([^"\n]|"")*"#, |_| Err(LexErrorKind::UnterminatedString))]
    StrLit(String),
    /// `.true.` or `.false.`. Any other dotted word would be a user-defined
    /// operator, which fscal does not support: it is a lexical error.
    #[regex(r"\.[a-zA-Z]+\.(?&kind)?", logical_literal)]
    LogicalLit(bool),
    /// A whole statement or construct fscal recognises but does not support
    /// yet, named by its keyword (`where`, `end where`, `call`, `interface`,
    /// `contains` with the procedures after it...). Made by [`Lexer`], never
    /// by logos.
    Unsupported(ast::Unsupported),
    /// A whole program unit other than the main program (`module`,
    /// `function`, `subroutine`, `block data`), from its first statement to
    /// its `end`. Made by [`Lexer`], never by logos.
    Unit(ast::Unsupported),
}

/// What kind of lexical error occurred.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LexErrorKind {
    /// A character that starts no token.
    #[error("{}", unexpected_char_message(*.0))]
    UnexpectedChar(char),
    /// A character constant with no closing quote on its line.
    #[error("unterminated character constant")]
    UnterminatedString,
    /// A number such as `1.5e` whose exponent has no digits.
    #[error("malformed number '{0}': the exponent has no digits")]
    MalformedNumber(String),
    /// A dotted word that is not a known operator (`.foo.`).
    #[error("unknown operator '{0}'")]
    UnknownOperator(String),
    /// Brackets nested more than [`MAX_NESTING`] deep in one statement.
    #[error("expression nested too deeply (more than {MAX_NESTING} levels)")]
    TooDeep,
    /// `do` and `if` constructs nested more than [`MAX_CONSTRUCTS`] deep.
    #[error("do and if constructs nested too deeply (more than {MAX_CONSTRUCTS} levels)")]
    TooDeepConstructs,
}

/// Words for a character that starts no token: invisible characters are
/// named by their code point.
fn unexpected_char_message(ch: char) -> String {
    let code = format!("U+{:04X}", u32::from(ch));
    if ch.is_control() {
        format!("unexpected control character {code}")
    } else if ch.is_whitespace() {
        format!("unexpected non-ASCII space {code}")
    } else if ch == '&' {
        "unexpected '&': a continuation '&' must be the last character of its line".to_string()
    } else if ch == '%' {
        "unexpected character '%': derived-type components are not supported yet".to_string()
    } else if !ch.is_ascii() {
        format!("unexpected character '{ch}' ({code})")
    } else {
        format!("unexpected character '{ch}'")
    }
}

impl Default for LexErrorKind {
    /// Logos requires a default; the error callback always replaces it.
    fn default() -> Self {
        LexErrorKind::UnexpectedChar(char::REPLACEMENT_CHARACTER)
    }
}

/// A lexical error and where it happened.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct LexError {
    /// What went wrong.
    pub kind: LexErrorKind,
    /// The offending text.
    pub span: Span,
}

fn unexpected_char(lex: &mut logos::Lexer<'_, Token>) -> LexErrorKind {
    let ch = lex
        .slice()
        .chars()
        .next()
        .unwrap_or(char::REPLACEMENT_CHARACTER);
    LexErrorKind::UnexpectedChar(ch)
}

/// Splits `text` into the part before a `_kind` suffix and the suffix.
fn split_kind(text: &str) -> (&str, Option<String>) {
    match text.split_once('_') {
        Some((value, kind)) => (value, Some(kind.to_ascii_lowercase())),
        None => (text, None),
    }
}

fn int_literal(lex: &mut logos::Lexer<'_, Token>) -> Literal {
    let (digits, kind) = split_kind(lex.slice());
    Literal::Int {
        digits: digits.to_string(),
        kind,
    }
}

fn real_literal(lex: &mut logos::Lexer<'_, Token>) -> Literal {
    let (number, kind) = split_kind(lex.slice());
    let double = number.contains(['d', 'D']);
    let text = number.replace(['d', 'D', 'E'], "e");
    Literal::Real { text, double, kind }
}

fn malformed_number(lex: &mut logos::Lexer<'_, Token>) -> Result<Literal, LexErrorKind> {
    Err(LexErrorKind::MalformedNumber(lex.slice().to_string()))
}

fn string_literal(lex: &mut logos::Lexer<'_, Token>) -> String {
    let slice = lex.slice();
    let quote = &slice[..1];
    slice[1..slice.len() - 1].replace(&quote.repeat(2), quote)
}

fn logical_literal(lex: &mut logos::Lexer<'_, Token>) -> Result<bool, LexErrorKind> {
    let (word, _kind) = split_kind(lex.slice());
    match word.to_ascii_lowercase().as_str() {
        ".true." => Ok(true),
        ".false." => Ok(false),
        _ => Err(LexErrorKind::UnknownOperator(lex.slice().to_string())),
    }
}

impl Token {
    /// The spelling of a keyword or punctuation token; `None` for the
    /// tokens that carry a value.
    pub fn fixed_text(&self) -> Option<&'static str> {
        use Token::*;
        let text = match self {
            Program => "program",
            End => "end",
            EndProgram => "endprogram",
            Implicit => "implicit",
            None => "none",
            Integer => "integer",
            Real => "real",
            Double => "double",
            Precision => "precision",
            Logical => "logical",
            Character => "character",
            Dimension => "dimension",
            Parameter => "parameter",
            Allocatable => "allocatable",
            Allocate => "allocate",
            Deallocate => "deallocate",
            Do => "do",
            EndDo => "enddo",
            While => "while",
            If => "if",
            Then => "then",
            Else => "else",
            ElseIf => "elseif",
            EndIf => "endif",
            Exit => "exit",
            Cycle => "cycle",
            Print => "print",
            Write => "write",
            Stop => "stop",
            Continue => "continue",
            LParen => "(",
            RParen => ")",
            LBracket => "[",
            RBracket => "]",
            LArray => "(/",
            RArray => "/)",
            Comma => ",",
            Colon => ":",
            DoubleColon => "::",
            Assign => "=",
            Star => "*",
            Power => "**",
            Slash => "/",
            Concat => "//",
            Plus => "+",
            Minus => "-",
            Eq => "==",
            Ne => "/=",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            And => ".and.",
            Or => ".or.",
            Not => ".not.",
            Eqv => ".eqv.",
            Neqv => ".neqv.",
            Semi => ";",
            Newline | Name(_) | IntLit(_) | RealLit(_) | StrLit(_) | LogicalLit(_)
            | Unsupported(_) | Unit(_) => return Option::None,
        };
        Some(text)
    }
}

/// The token as a user would name it in a message: `'='`, `name 'x'`.
impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Token::Name(name) => write!(f, "name '{name}'"),
            Token::IntLit(lit) => write!(f, "integer literal '{}'", literal_text(lit)),
            Token::RealLit(lit) => write!(f, "real literal '{}'", literal_text(lit)),
            Token::StrLit(text) => write!(f, "character literal '{text}'"),
            Token::LogicalLit(value) => write!(f, "logical literal '.{value}.'"),
            Token::Unsupported(skipped) => write!(f, "'{}' statement", skipped.what),
            Token::Unit(skipped) => write!(f, "'{}'", skipped.what),
            Token::Newline => f.write_str("end of line"),
            fixed => write!(f, "'{}'", fixed.fixed_text().unwrap_or_default()),
        }
    }
}

/// The text of a numeric literal as the lexer normalised it.
fn literal_text(lit: &Literal) -> String {
    match lit {
        Literal::Int { digits: text, kind } | Literal::Real { text, kind, .. } => match kind {
            Some(kind) => format!("{text}_{kind}"),
            None => text.clone(),
        },
        Literal::Logical(value) => format!(".{value}."),
        Literal::Str(text) => text.clone(),
    }
}

/// Statements recognised by their first word and reported as not supported.
#[rustfmt::skip]
const UNSUPPORTED: &[&str] = &[
    "where", "elsewhere", "forall", "select", "case", "call", "contains", "subroutine", "function",
    "module", "submodule", "use", "read", "open", "close", "inquire", "rewind", "backspace",
    "endfile", "flush", "wait", "goto", "go", "data", "common", "equivalence", "interface", "type",
    "class", "format", "return", "entry", "block", "associate", "namelist", "external",
    "intrinsic", "save", "include", "nullify", "pure", "elemental", "impure", "recursive",
    "procedure", "error", "complex", "sequence", "enum", "critical",
];

/// Constructs whose `end X` line is reported as not supported.
#[rustfmt::skip]
const UNSUPPORTED_ENDS: &[&str] = &[
    "where", "forall", "select", "interface", "type", "module", "submodule", "subroutine",
    "function", "block", "associate", "enum", "critical",
];

/// Unsupported statements that declare entities (`complex :: z`,
/// `type(point) :: p`): their names are recorded so that later references
/// to them are not reported as undeclared.
const DECLARING: &[&str] = &[
    "complex",
    "type",
    "class",
    "external",
    "intrinsic",
    "procedure",
];

/// First words of the statements that may open a unit, a construct
/// skipped whole or a `contains` section (besides the type keywords).
const OPENING_WORDS: &[&str] = &[
    "module",
    "submodule",
    "blockdata",
    "block",
    "interface",
    "abstract",
    "type",
    "enum",
    "associate",
    "function",
    "subroutine",
    "contains",
    "pure",
    "elemental",
    "impure",
    "recursive",
    "non_recursive",
    "complex",
];

/// Words that may come before `function` or `subroutine` in a procedure
/// heading (besides the type keywords).
const PREFIXES: &[&str] = &[
    "pure",
    "elemental",
    "impure",
    "recursive",
    "non_recursive",
    "module",
    "complex",
    "type",
    "kind",
    "len",
];

/// The deepest bracket nesting accepted in one statement: deeper nesting is
/// a lexical error, which keeps every recursive walk over the syntax tree
/// within a bounded stack.
pub const MAX_NESTING: u32 = 10_000;

/// The deepest nesting of `do` and `if` constructs: a construct deeper
/// than that is a lexical error and is skipped whole, which keeps every
/// recursive walk over the statements within a bounded stack.
pub const MAX_CONSTRUCTS: u32 = 256;

/// What a statement does to the nesting of `do` and `if` constructs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Nesting {
    Opens,
    Closes,
    Keeps,
}

/// `[name:] do ...` and `[name:] if (...) then` open a construct; `end do`,
/// `enddo`, `end if`, `endif` close one.
fn nesting(tokens: &[&Token]) -> Nesting {
    let tokens = match tokens {
        [Token::Name(_), Token::Colon, rest @ ..] => rest,
        _ => tokens,
    };
    match tokens {
        [Token::Do, ..] => Nesting::Opens,
        [Token::If, .., Token::Then] => Nesting::Opens,
        [Token::EndDo | Token::EndIf, ..] | [Token::End, Token::Do | Token::If, ..] => {
            Nesting::Closes
        }
        _ => Nesting::Keeps,
    }
}

/// Where the lexer is within a statement: unsupported statements are
/// spotted by their first word only, so a variable named `data` still works
/// inside an expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Position {
    /// Before the first token of a statement.
    StmtStart,
    /// Inside the condition of a one-line `if (...)`, `depth` brackets deep.
    IfCondition(u32),
    /// Anywhere else.
    Inside,
}

impl Position {
    fn after(self, token: &Token) -> Position {
        use Position::*;
        match (self, token) {
            (_, Token::Newline | Token::Semi) => StmtStart,
            (StmtStart, Token::If) => IfCondition(0),
            (IfCondition(depth), Token::LParen | Token::LArray) => {
                IfCondition(depth.saturating_add(1))
            }
            // The statement after `if (cond)` starts here.
            (IfCondition(depth), Token::RParen | Token::RArray) if depth <= 1 => StmtStart,
            (IfCondition(depth), Token::RParen | Token::RArray) => IfCondition(depth - 1),
            (IfCondition(depth), _) => IfCondition(depth),
            _ => Inside,
        }
    }
}

/// A group of statements skipped as a whole, from its opening statement to
/// its matching `end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Family {
    /// Program units and procedures: `module`, `function`, `subroutine`,
    /// `block data`; closed by `end [function|subroutine|module|...]`.
    Scope,
    /// A derived-type definition, closed by `end type`.
    Type,
    /// `interface ... end interface`
    Interface,
    /// `enum ... end enum`
    Enum,
    /// `block ... end block`
    Block,
    /// `associate (...) ... end associate`
    Associate,
}

impl Family {
    /// The word after `end` that closes the family (a bare `end` closes a
    /// scope too).
    fn end_words(self) -> &'static [&'static str] {
        match self {
            Family::Scope => &[
                "function",
                "subroutine",
                "module",
                "submodule",
                "procedure",
                "blockdata",
            ],
            Family::Type => &["type"],
            Family::Interface => &["interface"],
            Family::Enum => &["enum"],
            Family::Block => &["block"],
            Family::Associate => &["associate"],
        }
    }
}

/// What opens a skipped group: its keyword, family and defined name.
struct Opening {
    what: &'static str,
    family: Family,
    name: Option<String>,
}

fn name_of(token: Option<&Token>) -> Option<&str> {
    match token {
        Some(Token::Name(name)) => Some(name),
        _ => None,
    }
}

/// Does the statement made of `tokens` open a unit or a construct that is
/// skipped as a whole?
fn opening(tokens: &[&Token]) -> Option<Opening> {
    let first = *tokens.first()?;
    let second = tokens.get(1).copied();
    if matches!(second, Some(Token::Assign)) {
        // `type = 1` assigns to a variable named `type`.
        return None;
    }
    if let Some(opening) = procedure_heading(tokens) {
        return Some(opening);
    }
    let word = name_of(Some(first))?;
    let (what, family, name) = match word {
        "module" => match name_of(second) {
            Some("procedure") | None => return None,
            Some(name) => ("module", Family::Scope, Some(name)),
        },
        "submodule" => ("submodule", Family::Scope, None),
        "blockdata" => ("block data", Family::Scope, name_of(second)),
        "block" if name_of(second) == Some("data") => ("block data", Family::Scope, None),
        "block" if second.is_none() => ("block", Family::Block, None),
        "interface" => ("interface", Family::Interface, None),
        "abstract" if name_of(second) == Some("interface") => {
            ("interface", Family::Interface, None)
        }
        "type" if !matches!(second, Some(Token::LParen) | Option::None) => {
            ("type", Family::Type, None)
        }
        "enum" => ("enum", Family::Enum, None),
        "associate" if matches!(second, Some(Token::LParen)) => {
            ("associate", Family::Associate, None)
        }
        _ => return None,
    };
    Some(Opening {
        what,
        family,
        name: name.map(str::to_string),
    })
}

/// `[prefix...] function NAME(...)` or `subroutine NAME`: the keyword must
/// follow only type keywords, prefixes and their parenthesised selectors.
fn procedure_heading(tokens: &[&Token]) -> Option<Opening> {
    let mut depth = 0u32;
    for (i, token) in tokens.iter().enumerate() {
        match token {
            Token::LParen => depth += 1,
            Token::RParen => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            Token::Name(word) if word == "function" || word == "subroutine" => {
                let name = name_of(tokens.get(i + 1).copied())?;
                let what = if word == "function" {
                    "function"
                } else {
                    "subroutine"
                };
                return Some(Opening {
                    what,
                    family: Family::Scope,
                    name: Some(name.to_string()),
                });
            }
            Token::Integer
            | Token::Real
            | Token::Logical
            | Token::Double
            | Token::Precision
            | Token::Character
            | Token::Star
            | Token::IntLit(_) => {}
            Token::Name(word) if PREFIXES.contains(&word.as_str()) => {}
            _ => return None,
        }
    }
    None
}

/// Does the statement close a group of `family`?
fn closes(tokens: &[&Token], family: Family) -> bool {
    let words = family.end_words();
    match tokens {
        [Token::EndProgram, ..] => family == Family::Scope,
        [Token::End] => family == Family::Scope,
        [Token::End, Token::Program, ..] => family == Family::Scope,
        [Token::End, Token::Name(word), rest @ ..] => {
            let word = match (word.as_str(), rest.first()) {
                ("block", Some(Token::Name(data))) if data == "data" => "blockdata",
                (word, _) => word,
            };
            words.contains(&word)
        }
        [Token::Name(word), ..] => word
            .strip_prefix("end")
            .is_some_and(|rest| words.contains(&rest)),
        _ => false,
    }
}

/// The entity names an unsupported declaration declares: the names that
/// start an entity after `::`, or after the keyword and its selector.
fn declared_names(tokens: &[&Token]) -> Vec<String> {
    let mut depth = 0u32;
    let mut start = None;
    for (i, token) in tokens.iter().enumerate() {
        match token {
            Token::LParen => depth += 1,
            Token::RParen => depth = depth.saturating_sub(1),
            Token::DoubleColon if depth == 0 => {
                start = Some(i + 1);
                break;
            }
            _ => {}
        }
    }
    let start = start.unwrap_or_else(|| match tokens.get(1) {
        // `complex(8) z`: after the selector.
        Some(Token::LParen) => {
            let mut depth = 0u32;
            let close = tokens.iter().enumerate().skip(1).find(|(_, t)| {
                match t {
                    Token::LParen => depth += 1,
                    Token::RParen => depth = depth.saturating_sub(1),
                    _ => {}
                }
                depth == 0
            });
            close.map_or(tokens.len(), |(i, _)| i + 1)
        }
        _ => 1,
    });
    let mut names = Vec::new();
    let mut depth = 0u32;
    let mut entity_start = true;
    for token in tokens.iter().skip(start) {
        match token {
            Token::Name(name) if depth == 0 && entity_start => names.push(name.clone()),
            Token::LParen | Token::LBracket | Token::LArray => depth += 1,
            Token::RParen | Token::RBracket | Token::RArray => depth = depth.saturating_sub(1),
            _ => {}
        }
        entity_start = depth == 0 && matches!(token, Token::Comma);
    }
    names
}

/// The lexer lalrpop consumes: an iterator of spanned tokens or errors.
///
/// After an error it carries on with the next character, so one pass
/// reports every lexical error.
///
/// ```
/// use fscal_frontend::lexer::Lexer;
///
/// let tokens: Vec<String> = Lexer::new("IF (n.EQ.1) x = 2 &\n  & + y")
///     .map(|item| item.unwrap().1.to_string())
///     .collect();
/// assert_eq!(
///     tokens,
///     ["'if'", "'('", "name 'n'", "'=='", "integer literal '1'", "')'", "name 'x'", "'='",
///      "integer literal '2'", "'+'", "name 'y'"]
/// );
/// ```
pub struct Lexer<'src> {
    src: &'src str,
    raw: logos::Lexer<'src, Token>,
    /// Where `raw` started in `src`: it is restarted mid-text after `1.eq.`
    /// and after an unexpected character.
    offset: usize,
    /// A raw token read ahead (`Some(None)` is the end of input).
    peeked: Option<Option<LexResult>>,
    /// Tokens and errors to hand out before reading on: errors met while
    /// skipping unsupported text, and a statement read ahead and put back.
    pending: VecDeque<LexResult>,
    position: Position,
    /// Open brackets in the current statement.
    depth: u32,
    /// Open `do` and `if` constructs.
    constructs: u32,
}

impl<'src> Lexer<'src> {
    /// A lexer over the whole of `src`.
    pub fn new(src: &'src str) -> Self {
        Lexer {
            src,
            raw: Token::lexer(src),
            offset: 0,
            peeked: None,
            pending: VecDeque::new(),
            position: Position::StmtStart,
            depth: 0,
            constructs: 0,
        }
    }

    fn restart(&mut self, at: usize) {
        self.offset = at;
        self.raw = Token::lexer(&self.src[at..]);
    }

    /// The next token straight from logos, with absolute offsets.
    fn lex_raw(&mut self) -> Option<LexResult> {
        let result = self.raw.next()?;
        let range = self.raw.span();
        let (start, end) = (range.start + self.offset, range.end + self.offset);
        let dotted_number = match &result {
            Ok(Token::RealLit(Literal::Real { text, .. })) => text.ends_with('.'),
            Err(kind) => matches!(kind, LexErrorKind::MalformedNumber(_)),
            Ok(_) => false,
        };
        if dotted_number {
            if let Some(split) = self.split_before_operator(start) {
                return Some(Ok(split));
            }
        }
        Some(match result {
            Ok(token) => Ok((start, token, end)),
            Err(kind) => Err(self.error(kind, start, end)),
        })
    }

    /// `1.eq.2` lexes greedily as `1.` (or the malformed `1.e`); when the
    /// dot starts an operator such as `.eq.`, the number is the integer
    /// `1` and lexing resumes at the dot.
    fn split_before_operator(&mut self, start: usize) -> Option<Spanned> {
        let text = &self.src[start..];
        let digits = text.bytes().take_while(u8::is_ascii_digit).count();
        let after_dot = text.get(digits + 1..)?;
        let letters = after_dot
            .bytes()
            .take_while(u8::is_ascii_alphabetic)
            .count();
        let dotted = digits > 0 && text.as_bytes()[digits] == b'.' && letters > 0;
        if !dotted || after_dot.as_bytes().get(letters) != Some(&b'.') {
            return None;
        }
        let dot = start + digits;
        self.restart(dot);
        let literal = Literal::Int {
            digits: text[..digits].to_string(),
            kind: None,
        };
        Some((start, Token::IntLit(literal), dot))
    }

    /// A [`LexError`]; after an unexpected character lexing resumes right
    /// behind it, whatever logos had consumed trying to match a token.
    fn error(&mut self, kind: LexErrorKind, start: usize, end: usize) -> LexError {
        let span = match kind {
            LexErrorKind::UnexpectedChar(ch) => {
                let after = start + ch.len_utf8();
                if after < end && self.src.is_char_boundary(after) {
                    self.restart(after);
                }
                Span::new(start, after.min(self.src.len()))
            }
            // The opening quote.
            LexErrorKind::UnterminatedString => Span::new(start, start + 1),
            _ => Span::new(start, end),
        };
        LexError { kind, span }
    }

    fn next_raw(&mut self) -> Option<LexResult> {
        match self.peeked.take() {
            Some(item) => item,
            None => self.lex_raw(),
        }
    }

    fn peek_raw(&mut self) -> Option<&LexResult> {
        if self.peeked.is_none() {
            self.peeked = Some(self.lex_raw());
        }
        self.peeked.as_ref().and_then(Option::as_ref)
    }

    /// Up to `limit` tokens of the statement after offset `from`, read by a
    /// separate logos lexer (the lexer itself does not move).
    fn tokens_ahead(&self, from: usize, limit: usize) -> Vec<Token> {
        Token::lexer(&self.src[from..])
            .filter_map(Result::ok)
            .take_while(|t| !matches!(t, Token::Newline | Token::Semi))
            .take(limit)
            .collect()
    }

    /// Reads the rest of the current statement, up to (not including) its
    /// `;` or line end; lexical errors on the way are kept for later.
    fn read_statement(&mut self) -> Vec<Spanned> {
        let mut tokens = Vec::new();
        loop {
            match self.peek_raw() {
                None | Some(Ok((_, Token::Newline | Token::Semi, _))) => return tokens,
                Some(Ok(_)) => {
                    if let Some(Some(Ok(token))) = self.peeked.take() {
                        tokens.push(token);
                    }
                }
                Some(Err(_)) => {
                    if let Some(Some(error)) = self.peeked.take() {
                        self.pending.push_back(error);
                    }
                }
            }
        }
    }

    /// The name of the unsupported statement `token` starts, if it does.
    /// `end` is moved past a second word (`end where`).
    fn unsupported_statement(&mut self, token: &Token, end: &mut usize) -> Option<String> {
        match token {
            // `data = 1` assigns to a variable named `data`.
            Token::Name(_) if matches!(self.peek_raw(), Some(Ok((_, Token::Assign, _)))) => None,
            Token::Name(name) if UNSUPPORTED.contains(&name.as_str()) => Some(name.clone()),
            Token::Name(name) => {
                let construct = name.strip_prefix("end")?;
                UNSUPPORTED_ENDS
                    .contains(&construct)
                    .then(|| format!("end {construct}"))
            }
            Token::IntLit(_) => Some("statement label".to_string()),
            Token::End => self
                .take_name_if(UNSUPPORTED_ENDS, end)
                .map(|name| format!("end {name}")),
            Token::Else => self
                .take_name_if(&["where"], end)
                .map(|name| format!("else{name}")),
            _ => None,
        }
    }

    /// Consumes the next token if it is a name in `names`, moving `end`
    /// past it.
    fn take_name_if(&mut self, names: &[&str], end: &mut usize) -> Option<String> {
        let Some(Ok((_, Token::Name(name), name_end))) = self.peek_raw() else {
            return None;
        };
        let name = names.contains(&name.as_str()).then(|| name.clone())?;
        *end = *name_end;
        self.peeked = None;
        Some(name)
    }

    /// Text fscal skips at the start of a statement: a whole unit or
    /// construct, a `contains` section, or one unsupported statement; the
    /// token that stands for it.
    fn skipped(&mut self, start: usize, token: &Token, end: usize) -> Option<Spanned> {
        let may_open = match token {
            Token::Integer | Token::Real | Token::Logical | Token::Double | Token::Character => {
                true
            }
            Token::Name(word) => OPENING_WORDS.contains(&word.as_str()),
            _ => false,
        };
        if may_open {
            let ahead = self.tokens_ahead(end, 64);
            let mut head = vec![token];
            head.extend(ahead.iter());
            if let Some(opening) = opening(&head) {
                return Some(self.skip_group(start, end, opening));
            }
            if matches!(token, Token::Name(word) if word == "contains") && ahead.is_empty() {
                return Some(self.skip_contains(start, end));
            }
        }
        let mut end = end;
        let what = self.unsupported_statement(token, &mut end)?;
        let rest = self.read_statement();
        let end = rest.last().map_or(end, |(_, _, e)| *e);
        let mut skipped = ast::Unsupported::new(what);
        if DECLARING.contains(&skipped.what.as_str()) {
            let mut tokens = vec![token];
            tokens.extend(rest.iter().map(|(_, t, _)| t));
            skipped.names = declared_names(&tokens);
        }
        skipped.imports = skipped.what == "use";
        Some((start, Token::Unsupported(skipped), end))
    }

    /// Skips a unit or construct up to its matching `end`; a program unit
    /// becomes a [`Token::Unit`], a construct a [`Token::Unsupported`].
    fn skip_group(&mut self, start: usize, end: usize, opening: Opening) -> Spanned {
        let mut skipped = ast::Unsupported::new(opening.what);
        skipped.names.extend(opening.name);
        let mut end = self.read_statement().last().map_or(end, |(_, _, e)| *e);
        let mut depth = 1u32;
        while depth > 0 && self.peek_raw().is_some() {
            self.peeked = None;
            let statement = self.read_statement();
            let tokens: Vec<&Token> = statement.iter().map(|(_, t, _)| t).collect();
            if tokens.is_empty() {
                continue;
            }
            end = statement.last().map_or(end, |(_, _, e)| *e);
            if closes(&tokens, opening.family) {
                depth -= 1;
            } else if let Some(inner) = opening_of_family(&tokens, opening.family) {
                depth += 1;
                skipped.names.extend(inner.name);
            }
        }
        let token = if opening.family == Family::Scope {
            Token::Unit(skipped)
        } else {
            Token::Unsupported(skipped)
        };
        (start, token, end)
    }

    /// Skips a `contains` section up to the `end program` statement, which
    /// is put back to be read next; the names of its procedures are kept.
    fn skip_contains(&mut self, start: usize, end: usize) -> Spanned {
        let mut skipped = ast::Unsupported::new("contains");
        let mut end = end;
        let mut depth = 0u32;
        loop {
            let separator = match self.next_raw() {
                None => break,
                // Right after `contains`, on its line.
                Some(Err(error)) => {
                    self.pending.push_back(Err(error));
                    continue;
                }
                Some(Ok(separator)) => separator,
            };
            let statement = self.read_statement();
            let tokens: Vec<&Token> = statement.iter().map(|(_, t, _)| t).collect();
            if tokens.is_empty() {
                // Keep the separator: it may end the section.
                if self.peek_raw().is_none() {
                    self.pending.push_back(Ok(separator));
                    break;
                }
                continue;
            }
            if closes(&tokens, Family::Scope) {
                if depth == 0 {
                    self.pending.push_back(Ok(separator));
                    self.pending.extend(statement.into_iter().map(Ok));
                    break;
                }
                depth -= 1;
            } else if let Some(inner) = opening_of_family(&tokens, Family::Scope) {
                depth += 1;
                skipped.names.extend(inner.name);
            }
            end = statement.last().map_or(end, |(_, _, e)| *e);
        }
        (start, Token::Unsupported(skipped), end)
    }

    /// What the statement that starts with `token` does to the construct
    /// nesting. Only statements that may open or close one are read ahead
    /// (an `if` to its end, to see whether it ends with `then`).
    fn nesting_at(&self, token: &Token, end: usize) -> Nesting {
        let ahead = match token {
            Token::Do | Token::EndDo | Token::EndIf | Token::End => self.tokens_ahead(end, 1),
            Token::If => self.tokens_ahead(end, usize::MAX),
            Token::Name(_) if self.tokens_ahead(end, 1) == [Token::Colon] => {
                self.tokens_ahead(end, usize::MAX)
            }
            _ => return Nesting::Keeps,
        };
        let mut head = vec![token];
        head.extend(ahead.iter());
        nesting(&head)
    }

    /// A construct opening deeper than [`MAX_CONSTRUCTS`]: the error, and
    /// the whole construct skipped up to its matching end.
    fn too_many_constructs(&mut self, start: usize, end: usize) -> LexError {
        self.read_statement();
        let mut depth = 1u32;
        while depth > 0 && self.peek_raw().is_some() {
            self.peeked = None;
            let statement = self.read_statement();
            let tokens: Vec<&Token> = statement.iter().map(|(_, t, _)| t).collect();
            match nesting(&tokens) {
                Nesting::Opens => depth += 1,
                Nesting::Closes => depth -= 1,
                Nesting::Keeps => {}
            }
        }
        LexError {
            kind: LexErrorKind::TooDeepConstructs,
            span: Span::new(start, end),
        }
    }

    /// After more than [`MAX_NESTING`] open brackets: the error, and the
    /// rest of the statement skipped.
    fn too_deep(&mut self, start: usize, end: usize) -> LexError {
        loop {
            match self.peek_raw() {
                None | Some(Ok((_, Token::Newline | Token::Semi, _))) => break,
                Some(_) => self.peeked = None,
            }
        }
        self.depth = 0;
        LexError {
            kind: LexErrorKind::TooDeep,
            span: Span::new(start, end),
        }
    }

    /// Keeps the statement position and bracket depth up to date.
    fn track(&mut self, token: &Token) {
        match token {
            Token::LParen | Token::LBracket | Token::LArray => self.depth += 1,
            Token::RParen | Token::RBracket | Token::RArray => {
                self.depth = self.depth.saturating_sub(1)
            }
            Token::Newline | Token::Semi => self.depth = 0,
            _ => {}
        }
        self.position = self.position.after(token);
    }
}

/// An opening of `family` (a nested procedure in a skipped module...).
fn opening_of_family(tokens: &[&Token], family: Family) -> Option<Opening> {
    opening(tokens).filter(|o| o.family == family)
}

impl Iterator for Lexer<'_> {
    type Item = LexResult;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(item) = self.pending.pop_front() {
            if let Ok((_, token, _)) = &item {
                self.track(token);
            }
            return Some(item);
        }
        let (start, token, end) = match self.next_raw()? {
            Ok(spanned) => spanned,
            Err(error) => return Some(Err(error)),
        };
        if self.position == Position::StmtStart {
            if let Some(skipped) = self.skipped(start, &token, end) {
                self.position = Position::Inside;
                return Some(Ok(skipped));
            }
            match self.nesting_at(&token, end) {
                Nesting::Opens if self.constructs >= MAX_CONSTRUCTS => {
                    return Some(Err(self.too_many_constructs(start, end)));
                }
                Nesting::Opens => self.constructs += 1,
                Nesting::Closes => self.constructs = self.constructs.saturating_sub(1),
                Nesting::Keeps => {}
            }
        }
        if matches!(token, Token::LParen | Token::LBracket | Token::LArray)
            && self.depth >= MAX_NESTING
        {
            return Some(Err(self.too_deep(start, end)));
        }
        self.track(&token);
        Some(Ok((start, token, end)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tokens of `src` as `start..end token` strings, errors as
    /// `start..end error: message`.
    fn lex(src: &str) -> Vec<String> {
        Lexer::new(src)
            .map(|item| match item {
                Ok((start, token, end)) => format!("{start}..{end} {token}"),
                Err(e) => format!("{}..{} error: {e}", e.span.start, e.span.end),
            })
            .collect()
    }

    fn tokens(src: &str) -> Vec<Token> {
        Lexer::new(src)
            .map(|item| item.expect("no lexical error").1)
            .collect()
    }

    /// The tokens of `src` inside a statement, where a leading number is
    /// not a statement label.
    fn operand_tokens(src: &str) -> Vec<Token> {
        tokens(&format!("={src}")).split_off(1)
    }

    fn int(digits: &str) -> Token {
        Token::IntLit(Literal::Int {
            digits: digits.to_string(),
            kind: None,
        })
    }

    fn real(text: &str, double: bool, kind: Option<&str>) -> Token {
        let kind = kind.map(str::to_string);
        Token::RealLit(Literal::Real {
            text: text.to_string(),
            double,
            kind,
        })
    }

    #[test]
    fn keywords_and_names_ignore_case() {
        let expected = [
            Token::Program,
            Token::Name("myprog".into()),
            Token::Newline,
            Token::End,
        ];
        assert_eq!(tokens("PROGRAM MyProg\nEnd"), expected);
        assert_eq!(
            tokens("EndDo ELSEIF endif"),
            [Token::EndDo, Token::ElseIf, Token::EndIf]
        );
        assert_eq!(
            tokens("end_x enddox"),
            [Token::Name("end_x".into()), Token::Name("enddox".into())]
        );
    }

    #[test]
    fn integer_literals_with_kinds() {
        let kinded = Token::IntLit(Literal::Int {
            digits: "42".into(),
            kind: Some("8".into()),
        });
        assert_eq!(operand_tokens("42 42_8"), [int("42"), kinded]);
        let named = Token::IntLit(Literal::Int {
            digits: "1".into(),
            kind: Some("int64".into()),
        });
        assert_eq!(operand_tokens("1_INT64"), [named]);
    }

    #[test]
    fn real_literals_are_normalised() {
        let cases = [
            ("1.5", real("1.5", false, None)),
            ("1.", real("1.", false, None)),
            (".5", real(".5", false, None)),
            ("1.5e3", real("1.5e3", false, None)),
            ("1e3", real("1e3", false, None)),
            ("1.5E-3", real("1.5e-3", false, None)),
            ("1.5d0", real("1.5e0", true, None)),
            ("1.5D+2", real("1.5e+2", true, None)),
            ("1.5_8", real("1.5", false, Some("8"))),
            ("2.0_dp", real("2.0", false, Some("dp"))),
            ("1.e5", real("1.e5", false, None)),
        ];
        for (src, expected) in cases {
            assert_eq!(operand_tokens(src), [expected], "{src}");
        }
    }

    #[test]
    fn number_before_dotted_operator_is_an_integer() {
        assert_eq!(operand_tokens("1.eq.2"), [int("1"), Token::Eq, int("2")]);
        assert_eq!(
            operand_tokens("1.AND.x"),
            [int("1"), Token::And, Token::Name("x".into())]
        );
        assert_eq!(
            operand_tokens("1.eqv.y"),
            [int("1"), Token::Eqv, Token::Name("y".into())]
        );
        let reals = [real("1.5", false, None), Token::Ne, real("2.", false, None)];
        assert_eq!(operand_tokens("1.5.ne.2."), reals);
        let spans = [
            "0..1 '='",
            "1..2 integer literal '1'",
            "2..6 '=='",
            "6..7 integer literal '2'",
        ];
        assert_eq!(lex("=1.eq.2"), spans);
    }

    #[test]
    fn logical_literals_and_dotted_operators() {
        let expected = [
            Token::LogicalLit(true),
            Token::LogicalLit(false),
            Token::LogicalLit(true),
            Token::Not,
            Token::Lt,
            Token::Ge,
        ];
        assert_eq!(tokens(".TRUE. .false. .true._1 .not. .lt. >="), expected);
    }

    #[test]
    fn strings_undouble_their_quotes() {
        assert_eq!(tokens("'it''s'"), [Token::StrLit("it's".into())]);
        assert_eq!(
            tokens(r#""say ""hi""""#),
            [Token::StrLit(r#"say "hi""#.into())]
        );
        assert_eq!(tokens("'a!b' ! comment"), [Token::StrLit("a!b".into())]);
        assert_eq!(tokens("''"), [Token::StrLit(String::new())]);
    }

    #[test]
    fn brackets_and_operators() {
        use Token::*;
        let expected = [
            LArray,
            Name("a".into()),
            Concat,
            Name("b".into()),
            RArray,
            Power,
            DoubleColon,
            Ne,
        ];
        assert_eq!(tokens("(/ a//b /) ** :: /="), expected);
        assert_eq!(tokens("(//)"), [LArray, RArray]);
    }

    #[test]
    fn continuation_lines_are_blanks() {
        let src = "x = 1 + &  ! note\n\n  ! a comment line\n    & 2\ny";
        assert_eq!(
            lex(src),
            [
                "0..1 name 'x'",
                "2..3 '='",
                "4..5 integer literal '1'",
                "6..7 '+'",
                "44..45 integer literal '2'",
                "45..46 end of line",
                "46..47 name 'y'",
            ]
        );
        assert_eq!(
            tokens("a &\r\n b"),
            [Token::Name("a".into()), Token::Name("b".into())]
        );
    }

    #[test]
    fn comments_and_semicolons() {
        use Token::*;
        assert_eq!(
            tokens("x ! & not a continuation\n;"),
            [Name("x".into()), Newline, Semi]
        );
    }

    #[test]
    fn lexical_errors_are_all_reported() {
        assert_eq!(
            lex("a @ b $`{"),
            [
                "0..1 name 'a'",
                "2..3 error: unexpected character '@'",
                "4..5 name 'b'",
                "6..7 error: unexpected character '$'",
                "7..8 error: unexpected character '`'",
                "8..9 error: unexpected character '{'",
            ]
        );
        assert_eq!(
            lex("'abc\nx"),
            [
                "0..1 error: unterminated character constant",
                "4..5 end of line",
                "5..6 name 'x'"
            ]
        );
        assert_eq!(
            lex("\"it\"\"s"),
            ["0..1 error: unterminated character constant"]
        );
        assert_eq!(
            lex("1.5e+"),
            ["0..5 error: malformed number '1.5e+': the exponent has no digits"]
        );
        assert_eq!(
            lex("a.x.b"),
            [
                "0..1 name 'a'",
                "1..4 error: unknown operator '.x.'",
                "4..5 name 'b'"
            ]
        );
        assert_eq!(
            lex(".x"),
            ["0..1 error: unexpected character '.'", "1..2 name 'x'"]
        );
        assert_eq!(lex("é"), ["0..2 error: unexpected character 'é' (U+00E9)"]);
        assert_eq!(
            lex("\u{1}\u{a0}"),
            [
                "0..1 error: unexpected control character U+0001",
                "1..3 error: unexpected non-ASCII space U+00A0"
            ]
        );
        assert_eq!(
            lex("x &"),
            [
                "0..1 name 'x'",
                "2..3 error: unexpected '&': a continuation '&' must be the last character of its line"
            ]
        );
    }

    #[test]
    fn unsupported_statements_fold_into_one_token() {
        assert_eq!(
            lex("where (a > 0) a = 0\nx"),
            [
                "0..19 'where' statement",
                "19..20 end of line",
                "20..21 name 'x'"
            ]
        );
        assert_eq!(
            lex("END WHERE; x"),
            ["0..9 'end where' statement", "9..10 ';'", "11..12 name 'x'"]
        );
        assert_eq!(lex("endselect"), ["0..9 'end select' statement"]);
        assert_eq!(lex("else where"), ["0..10 'elsewhere' statement"]);
        assert_eq!(lex("10 continue"), ["0..11 'statement label' statement"]);
        assert_eq!(lex("if (f(x)) call g(x)")[7], "10..19 'call' statement");
        assert_eq!(
            lex("read(*,*) x @")[1],
            "12..13 error: unexpected character '@'"
        );
    }

    #[test]
    fn unsupported_keywords_are_names_elsewhere() {
        use Token::*;
        assert_eq!(
            tokens("x = data"),
            [Name("x".into()), Assign, Name("data".into())]
        );
        assert_eq!(tokens("data = 1"), [Name("data".into()), Assign, int("1")]);
        for word in [
            "type",
            "interface",
            "enum",
            "block",
            "module",
            "function",
            "contains",
        ] {
            assert_eq!(
                tokens(&format!("{word} = 1\nx")),
                [
                    Name(word.into()),
                    Assign,
                    int("1"),
                    Newline,
                    Name("x".into())
                ]
            );
        }
        assert_eq!(tokens("end do"), [End, Do]);
    }
}
