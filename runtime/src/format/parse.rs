//! Parsing a format specification into a tree of [`Node`]s.
//!
//! The grammar and the error messages follow libgfortran's run-time format
//! parser: blanks outside character constants are insignificant (so
//! `i3 2` is `I32`), commas between items are optional, and everything after
//! the closing parenthesis is ignored.

use super::FormatError;

/// A data edit descriptor (one that consumes an output item).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Data {
    /// `Iw[.m]`
    I { w: u32, m: Option<u32> },
    /// `Bw[.m]`, `Ow[.m]`, `Zw[.m]`: radix 2, 8 or 16.
    Radix { radix: u32, w: u32, m: Option<u32> },
    /// `Fw.d`
    F { w: u32, d: u32 },
    /// `Ew.d[Ee]`, `ESw.d[Ee]`, `ENw.d[Ee]`, `Dw.d`
    Exp {
        style: ExpStyle,
        w: u32,
        d: u32,
        e: Option<u32>,
    },
    /// `Gw[.d[Ee]]`; `d` is `None` only for `G0`.
    G {
        w: u32,
        d: Option<u32>,
        e: Option<u32>,
    },
    /// `Lw` (`L` alone means width 1).
    L { w: u32 },
    /// `A[w]`
    A { w: Option<u32> },
}

/// Flavour of an exponent-form real descriptor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExpStyle {
    /// `E`: `0.ddd` mantissa (scale factor applies).
    E,
    /// `D`: as `E` with a `D` exponent letter.
    D,
    /// `ES`: scientific, one nonzero digit before the point.
    Es,
    /// `EN`: engineering, exponent a multiple of three.
    En,
}

/// Sign control (`S`, `SP`, `SS`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignMode {
    /// Processor default: no `+`.
    Default,
    /// `SP`: print `+` for non-negative numbers.
    Plus,
    /// `SS`: suppress `+`.
    Suppress,
}

/// One element of a format.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    /// A data edit descriptor repeated `repeat` times.
    Data { desc: Data, repeat: u32 },
    /// A parenthesised group; `repeat` is `None` for `*( ... )`.
    Group {
        children: Vec<Node>,
        repeat: Option<u32>,
    },
    /// A character constant or Hollerith string.
    Str(String),
    /// `nX` and `TRn`: move right.
    Right(u32),
    /// `TLn`: move left.
    Left(u32),
    /// `Tn`: go to column `n`.
    Tab(u32),
    /// `/`, repeated.
    Slash(u32),
    /// `:`
    Colon,
    /// `kP`
    Scale(i32),
    /// `S`, `SP`, `SS`
    Sign(SignMode),
    /// `DC` (true) or `DP` (false): decimal comma.
    DecimalComma(bool),
    /// `BN`, `BZ`: no effect on output.
    Blank,
    /// `$`: no newline at the end of the statement.
    Dollar,
}

/// True when `nodes` contain a data edit descriptor at any depth.
fn has_data(nodes: &[Node]) -> bool {
    nodes.iter().any(|n| match n {
        Node::Data { .. } => true,
        Node::Group { children, .. } => has_data(children),
        _ => false,
    })
}

/// The character-level scanner.
struct Parser<'a> {
    src: &'a [u8],
    text: &'a str,
    /// Index of the next byte.
    at: usize,
}

type PResult<T> = Result<T, FormatError>;

/// Parse a complete format specification such as `(i5, 2f8.3)`.
pub fn parse(text: &str) -> PResult<Vec<Node>> {
    let mut p = Parser {
        src: text.as_bytes(),
        text,
        at: 0,
    };
    p.skip_blanks();
    if p.peek() != Some(b'(') {
        return Err(p.error("Missing initial left parenthesis in format"));
    }
    p.at += 1;
    p.list()
}

impl<'a> Parser<'a> {
    fn error(&self, msg: &str) -> FormatError {
        self.error_at(msg, self.at)
    }

    fn error_at(&self, msg: &str, at: usize) -> FormatError {
        FormatError::parse(msg, self.text, at + 1)
    }

    fn skip_blanks(&mut self) {
        while matches!(self.src.get(self.at), Some(b' ' | b'\t')) {
            self.at += 1;
        }
    }

    /// The next significant byte, upper-cased, without consuming it.
    fn peek(&mut self) -> Option<u8> {
        self.skip_blanks();
        self.src.get(self.at).map(|c| c.to_ascii_uppercase())
    }

    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    /// An unsigned integer (blanks between digits ignored), if one follows.
    fn number(&mut self) -> PResult<Option<u32>> {
        if !matches!(self.peek(), Some(b'0'..=b'9')) {
            return Ok(None);
        }
        let start = self.at;
        let mut v: u64 = 0;
        while let Some(c @ b'0'..=b'9') = self.peek() {
            v = v * 10 + u64::from(c - b'0');
            if v > i32::MAX as u64 {
                return Err(self.error_at("Value too large in format", start));
            }
            self.at += 1;
        }
        Ok(Some(v as u32))
    }

    /// Elements up to and including the matching `)`.
    fn list(&mut self) -> PResult<Vec<Node>> {
        let mut nodes = Vec::new();
        let mut after_comma = true;
        loop {
            match self.peek() {
                None => return Err(self.error("Unexpected end of format string")),
                Some(b')') => {
                    self.at += 1;
                    return Ok(nodes);
                }
                Some(b',') => {
                    if after_comma {
                        return Err(self.error("Unexpected element ',' in format"));
                    }
                    self.at += 1;
                    after_comma = true;
                }
                Some(_) => {
                    self.element(&mut nodes)?;
                    after_comma = false;
                }
            }
        }
    }

    /// One element, possibly with a repeat count or scale factor.
    fn element(&mut self, out: &mut Vec<Node>) -> PResult<()> {
        let start = self.at;
        let sign = match self.peek() {
            Some(b'-') => Some(-1),
            Some(b'+') => Some(1),
            _ => None,
        };
        if sign.is_some() {
            self.at += 1;
        }
        let count = self.number()?;
        if let Some(s) = sign {
            let k = count.ok_or_else(|| self.error("Nonnegative width required in format"))?;
            if !self.eat(b'P') {
                return Err(self.error("Expected P edit descriptor in format"));
            }
            out.push(Node::Scale(s * k as i32));
            return Ok(());
        }
        match (count, self.peek()) {
            (Some(k), Some(b'P')) => {
                self.at += 1;
                out.push(Node::Scale(k as i32));
            }
            (Some(0), _) => return Err(self.error("Expected P edit descriptor in format")),
            (Some(n), Some(b'X')) => {
                self.at += 1;
                out.push(Node::Right(n));
            }
            (Some(n), Some(b'H')) => {
                self.at += 1;
                out.push(Node::Str(self.hollerith(n as usize)?));
            }
            (Some(n), Some(b'/')) => {
                self.at += 1;
                out.push(Node::Slash(n));
            }
            (Some(n), Some(b'(')) => {
                self.at += 1;
                out.push(Node::Group {
                    children: self.list()?,
                    repeat: Some(n),
                });
            }
            (Some(n), Some(c)) if c.is_ascii_alphabetic() => {
                let desc = self.data_descriptor()?;
                out.push(Node::Data { desc, repeat: n });
            }
            (Some(_), Some(c)) => {
                return Err(self.error(&format!("Unexpected element '{}' in format", c as char)))
            }
            (Some(_), None) => return Err(self.error("Unexpected end of format string")),
            (None, _) => {
                self.at = start;
                self.unrepeated(out)?;
            }
        }
        Ok(())
    }

    /// An element without a leading count.
    fn unrepeated(&mut self, out: &mut Vec<Node>) -> PResult<()> {
        let Some(c) = self.peek() else {
            return Err(self.error("Unexpected end of format string"));
        };
        let here = self.at;
        match c {
            b'(' => {
                self.at += 1;
                out.push(Node::Group {
                    children: self.list()?,
                    repeat: Some(1),
                });
            }
            b'*' => {
                self.at += 1;
                if !self.eat(b'(') {
                    return Err(self.error_at("Unexpected element '*' in format", here));
                }
                let children = self.list()?;
                if !has_data(&children) {
                    return Err(self.error_at(
                        "'*' requires at least one associated data descriptor",
                        self.at - 1,
                    ));
                }
                out.push(Node::Group {
                    children,
                    repeat: None,
                });
            }
            b'\'' | b'"' => {
                self.at += 1;
                out.push(Node::Str(self.quoted(c)?));
            }
            b'/' => {
                self.at += 1;
                out.push(Node::Slash(1));
            }
            b':' => {
                self.at += 1;
                out.push(Node::Colon);
            }
            b'$' => {
                self.at += 1;
                out.push(Node::Dollar);
            }
            b'P' => return Err(self.error("P descriptor requires leading scale factor")),
            b'X' => {
                self.at += 1;
                out.push(Node::Right(1));
            }
            b'T' => out.push(self.tab()?),
            b'S' => {
                self.at += 1;
                let mode = if self.eat(b'P') {
                    SignMode::Plus
                } else if self.eat(b'S') {
                    SignMode::Suppress
                } else {
                    SignMode::Default
                };
                out.push(Node::Sign(mode));
            }
            b'B' if matches!(
                self.src.get(self.at + 1).map(u8::to_ascii_uppercase),
                Some(b'N' | b'Z')
            ) =>
            {
                self.at += 2;
                out.push(Node::Blank);
            }
            b'D' if matches!(
                self.src.get(self.at + 1).map(u8::to_ascii_uppercase),
                Some(b'C' | b'P')
            ) =>
            {
                let comma = self.src[self.at + 1].eq_ignore_ascii_case(&b'C');
                self.at += 2;
                out.push(Node::DecimalComma(comma));
            }
            b'R' => {
                return Err(self.error("Rounding mode edit descriptors are not supported in format"))
            }
            c if c.is_ascii_alphabetic() => {
                let desc = self.data_descriptor()?;
                out.push(Node::Data { desc, repeat: 1 });
            }
            c => return Err(self.error(&format!("Unexpected element '{}' in format", c as char))),
        }
        Ok(())
    }

    /// `T`, `TL`, `TR` with their positive count.
    fn tab(&mut self) -> PResult<Node> {
        self.at += 1;
        let kind = match self.peek() {
            Some(b'L') => {
                self.at += 1;
                b'L'
            }
            Some(b'R') => {
                self.at += 1;
                b'R'
            }
            _ => b'T',
        };
        match self.number()? {
            Some(n) if n > 0 => Ok(match kind {
                b'L' => Node::Left(n),
                b'R' => Node::Right(n),
                _ => Node::Tab(n),
            }),
            _ => Err(self.error("Positive integer required in format")),
        }
    }

    /// A quoted constant; the opening quote has been consumed. A doubled
    /// quote stands for one.
    fn quoted(&mut self, q: u8) -> PResult<String> {
        let mut s = Vec::new();
        loop {
            match self.src.get(self.at) {
                None => return Err(self.error("Unterminated character constant in format")),
                Some(&c) if c == q => {
                    if self.src.get(self.at + 1) == Some(&q) {
                        s.push(q);
                        self.at += 2;
                    } else {
                        self.at += 1;
                        return Ok(String::from_utf8_lossy(&s).into_owned());
                    }
                }
                Some(&c) => {
                    s.push(c);
                    self.at += 1;
                }
            }
        }
    }

    /// The `n` characters after `nH`.
    fn hollerith(&mut self, n: usize) -> PResult<String> {
        if self.at + n > self.src.len() {
            self.at = self.src.len();
            return Err(self.error("Unexpected end of format string"));
        }
        let s = String::from_utf8_lossy(&self.src[self.at..self.at + n]).into_owned();
        self.at += n;
        Ok(s)
    }

    /// `.n` after a width, if present; a period without digits is an error.
    fn dot_number(&mut self) -> PResult<Option<u32>> {
        if !self.eat(b'.') {
            return Ok(None);
        }
        match self.number()? {
            Some(n) => Ok(Some(n)),
            None => Err(self.error("Nonnegative width required in format")),
        }
    }

    /// A data edit descriptor starting at the current letter.
    fn data_descriptor(&mut self) -> PResult<Data> {
        let letter = self.peek().unwrap_or(b' ');
        let here = self.at;
        self.at += 1;
        match letter {
            b'I' | b'B' | b'O' | b'Z' => {
                let w = self
                    .number()?
                    .ok_or_else(|| self.error("Nonnegative width required in format"))?;
                let m = self.dot_number()?;
                if let Some(m) = m {
                    if w > 0 && m > w {
                        return Err(self.error("Minimum digits exceeds field width"));
                    }
                }
                Ok(match letter {
                    b'I' => Data::I { w, m },
                    b'B' => Data::Radix { radix: 2, w, m },
                    b'O' => Data::Radix { radix: 8, w, m },
                    _ => Data::Radix { radix: 16, w, m },
                })
            }
            b'F' => {
                let (w, d) = self.width_and_digits()?;
                Ok(Data::F { w, d })
            }
            b'E' | b'D' => {
                let style = match (letter, self.peek()) {
                    (b'E', Some(b'S')) => {
                        self.at += 1;
                        ExpStyle::Es
                    }
                    (b'E', Some(b'N')) => {
                        self.at += 1;
                        ExpStyle::En
                    }
                    (b'E', _) => ExpStyle::E,
                    _ => ExpStyle::D,
                };
                let (w, d) = self.width_and_digits()?;
                let e = if style != ExpStyle::D {
                    self.exponent_width()?
                } else {
                    None
                };
                Ok(Data::Exp { style, w, d, e })
            }
            b'G' => {
                let w = self
                    .number()?
                    .ok_or_else(|| self.error("Unexpected end of format string"))?;
                if w == 0 {
                    let d = self.dot_number()?;
                    return Ok(Data::G { w, d, e: None });
                }
                if self.peek() != Some(b'.') {
                    return Err(self.error("Period required in format"));
                }
                let d = self.dot_number()?;
                let e = self.exponent_width()?;
                Ok(Data::G { w, d, e })
            }
            b'L' => Ok(Data::L {
                w: self.number()?.unwrap_or(1).max(1),
            }),
            b'A' => match self.number()? {
                Some(0) => Err(self.error("Zero width in format descriptor")),
                w => Ok(Data::A { w }),
            },
            c => Err(self.error_at(
                &format!("Unexpected element '{}' in format", c as char),
                here,
            )),
        }
    }

    /// `w.d` of an F, E, D or ES/EN descriptor.
    fn width_and_digits(&mut self) -> PResult<(u32, u32)> {
        let w = self
            .number()?
            .ok_or_else(|| self.error("Unexpected end of format string"))?;
        if self.peek() != Some(b'.') {
            return Err(self.error("Period required in format"));
        }
        let d = self.dot_number()?.unwrap_or(0);
        Ok((w, d))
    }

    /// An optional `Ee` exponent width.
    fn exponent_width(&mut self) -> PResult<Option<u32>> {
        if self.peek() != Some(b'E') {
            return Ok(None);
        }
        // `E` followed by a digit is an exponent width; otherwise it starts
        // the next descriptor (commas are optional).
        let save = self.at;
        self.at += 1;
        match self.number()? {
            Some(e) => Ok(Some(e)),
            None if matches!(self.peek(), Some(b')' | b',') | None) => {
                Err(self.error("Positive exponent width required in format"))
            }
            None => {
                self.at = save;
                Ok(None)
            }
        }
    }
}
