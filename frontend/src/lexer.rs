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

use crate::ast::{Literal, Span};

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
    /// A whole statement fscal does not support yet, named by its keyword
    /// (`where`, `end where`, `call`...). Made by [`Lexer`], never by logos.
    Unsupported(String),
}

/// What kind of lexical error occurred.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LexErrorKind {
    /// A character that starts no token.
    #[error("unexpected character '{}'", .0.escape_debug())]
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
            | Unsupported(_) => return Option::None,
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
            Token::Unsupported(what) => write!(f, "'{what}' statement"),
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
    /// Errors met while skipping an unsupported statement.
    queued: VecDeque<LexError>,
    position: Position,
}

impl<'src> Lexer<'src> {
    /// A lexer over the whole of `src`.
    pub fn new(src: &'src str) -> Self {
        Lexer {
            src,
            raw: Token::lexer(src),
            offset: 0,
            peeked: None,
            queued: VecDeque::new(),
            position: Position::StmtStart,
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

    /// Skips to the end of the statement; returns the end of its last token.
    fn skip_statement(&mut self, mut end: usize) -> usize {
        loop {
            match self.peek_raw() {
                None | Some(Ok((_, Token::Newline | Token::Semi, _))) => return end,
                Some(Ok((_, _, token_end))) => end = *token_end,
                Some(Err(error)) => {
                    let error = error.clone();
                    self.queued.push_back(error);
                }
            }
            self.peeked = None;
        }
    }
}

impl Iterator for Lexer<'_> {
    type Item = LexResult;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(error) = self.queued.pop_front() {
            return Some(Err(error));
        }
        let (start, token, mut end) = match self.next_raw()? {
            Ok(spanned) => spanned,
            Err(error) => return Some(Err(error)),
        };
        if self.position == Position::StmtStart {
            if let Some(what) = self.unsupported_statement(&token, &mut end) {
                let end = self.skip_statement(end);
                self.position = Position::Inside;
                return Some(Ok((start, Token::Unsupported(what), end)));
            }
        }
        self.position = self.position.after(&token);
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
        assert_eq!(lex("é"), ["0..2 error: unexpected character 'é'"]);
        assert_eq!(
            lex("x &"),
            ["0..1 name 'x'", "2..3 error: unexpected character '&'"]
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
        assert_eq!(tokens("end do"), [End, Do]);
    }
}
