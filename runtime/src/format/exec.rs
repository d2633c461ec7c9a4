//! Executing a parsed format against a list of items.
//!
//! This mirrors libgfortran's formatted write loop: items are transferred
//! one at a time; after each item the following control descriptors run
//! until the next data descriptor, a `:` or the end of the format. When the
//! format is exhausted and items remain, it reverts to the last top-level
//! group (or its start) and begins a new record. Rightward moves (`X`,
//! `TR`, `T`) are only materialised when something is written after them,
//! so they never leave trailing blanks.

use super::edit::{edit_a, edit_i, edit_l, edit_radix};
use super::parse::{Data, Node, SignMode};
use super::real::{edit_exp_or_f, edit_g, Real, RealCtx};
use super::{FormatError, Item};

/// The most one formatted statement may produce, in bytes (256 MiB). The
/// output is built in memory before it is written (taking a few times its
/// size on the way), so without a bound an enormous width, digit count,
/// repeat count or position (`F0.2000000000`, `(2000000000(/))`,
/// `T2000000000`) would take all memory; past it the statement stops with
/// a run-time error instead.
pub const MAX_STATEMENT_OUTPUT: usize = 1 << 28;

/// What an `F`, `E`, `G` edit may add to its width and digits (sign,
/// integer digits of the largest `real(8)`, exponent).
const FIELD_SLACK: u64 = 512;

/// A generous bound on the bytes the edit of `item` with `desc` produces
/// (and allocates on the way).
fn field_bound(desc: &Data, item: &Item) -> u64 {
    let n = |x: Option<u32>| u64::from(x.unwrap_or(0));
    let text = match item {
        Item::Str(s) => s.len() as u64,
        _ => 0,
    };
    let sizes = match *desc {
        Data::I { w, m } | Data::Radix { w, m, .. } => u64::from(w) + n(m),
        Data::F { w, d } => u64::from(w) + u64::from(d),
        Data::Exp { w, d, e, .. } => u64::from(w) + u64::from(d) + n(e),
        Data::G { w, d, e } => u64::from(w) + n(d) + n(e),
        Data::L { w } => u64::from(w),
        Data::A { w } => n(w),
    };
    sizes + text + FIELD_SLACK
}

/// One level of group nesting being iterated.
struct Frame<'a> {
    nodes: &'a [Node],
    idx: usize,
    /// Completed passes over `nodes`.
    done: u32,
    /// Passes to make (`None`: unlimited).
    limit: Option<u32>,
    /// Repetitions already returned for the node at `idx`.
    sub: u32,
}

impl<'a> Frame<'a> {
    fn new(nodes: &'a [Node], idx: usize, limit: Option<u32>) -> Self {
        Frame {
            nodes,
            idx,
            done: 0,
            limit,
            sub: 0,
        }
    }
}

/// Walks the format tree, expanding repeat counts.
struct Cursor<'a> {
    root: &'a [Node],
    stack: Vec<Frame<'a>>,
}

impl<'a> Cursor<'a> {
    fn new(root: &'a [Node]) -> Self {
        Cursor {
            root,
            stack: vec![Frame::new(root, 0, Some(1))],
        }
    }

    /// The next non-group node, or `None` at the end of the format.
    fn next(&mut self) -> Option<&'a Node> {
        loop {
            let depth = self.stack.len();
            let top = self.stack.last_mut()?;
            if top.idx >= top.nodes.len() {
                top.done += 1;
                if depth > 1 && top.limit.is_none_or(|l| top.done < l) {
                    top.idx = 0;
                    continue;
                }
                if depth == 1 {
                    return None;
                }
                self.stack.pop();
                if let Some(parent) = self.stack.last_mut() {
                    parent.idx += 1;
                }
                continue;
            }
            let node = &top.nodes[top.idx];
            match node {
                Node::Group { children, repeat } => {
                    if children.is_empty() {
                        top.idx += 1;
                    } else {
                        self.stack.push(Frame::new(children, 0, *repeat));
                    }
                }
                Node::Data { repeat, .. } | Node::Slash(repeat) => {
                    top.sub += 1;
                    if top.sub >= *repeat {
                        top.sub = 0;
                        top.idx += 1;
                    }
                    return Some(node);
                }
                _ => {
                    top.idx += 1;
                    return Some(node);
                }
            }
        }
    }

    /// Format reversion: restart at the last top-level group, or at the
    /// beginning when there is none.
    fn revert(&mut self) {
        let at = self
            .root
            .iter()
            .rposition(|n| matches!(n, Node::Group { .. }))
            .unwrap_or(0);
        self.stack = vec![Frame::new(self.root, at, Some(1))];
    }
}

/// What `next_format` hands back.
enum Next<'a> {
    Node(&'a Node),
    /// The implicit colon returned right after reversion.
    RevertColon,
}

/// The state of one formatted output statement.
pub struct Exec<'a> {
    cursor: Cursor<'a>,
    saved: Option<&'a Node>,
    reversion_ok: bool,
    reversion_flag: bool,
    /// Completed records, newline-terminated.
    out: Vec<u8>,
    /// The current record.
    rec: Vec<u8>,
    /// Write position in `rec`.
    pos: usize,
    /// libgfortran's count of bytes used in the record. It follows `pos`
    /// except after a leftward move past the start of the record, which
    /// libgfortran counts but does not perform; positions of later `T` and
    /// `TL` descriptors are computed from it.
    used: i64,
    max_pos: i64,
    skips: i64,
    pending: i64,
    ctx: RealCtx,
    dollar: bool,
}

fn type_name(item: &Item) -> &'static str {
    match item {
        Item::I32(_) | Item::I64(_) => "INTEGER",
        Item::F32(_) | Item::F64(_) => "REAL",
        Item::Bool(_) => "LOGICAL",
        Item::Str(_) => "CHARACTER",
    }
}

fn mismatch(expected: &str, item: &Item, number: usize) -> FormatError {
    FormatError::runtime(&format!(
        "Expected {expected} for item {number} in formatted transfer, got {}",
        type_name(item)
    ))
}

impl<'a> Exec<'a> {
    /// Start executing `nodes`.
    pub fn new(nodes: &'a [Node]) -> Self {
        Exec {
            cursor: Cursor::new(nodes),
            saved: None,
            reversion_ok: false,
            reversion_flag: false,
            out: Vec::new(),
            rec: Vec::new(),
            pos: 0,
            used: 0,
            max_pos: 0,
            skips: 0,
            pending: 0,
            ctx: RealCtx::default(),
            dollar: false,
        }
    }

    /// Transfer all items and end the statement; on error the message
    /// carries the records completed before it.
    pub fn run(mut self, items: &[Item]) -> Result<String, FormatError> {
        // Like libgfortran, run the leading control descriptors before the
        // first item (this is what prints a format with no data items);
        // after each item, the control descriptors up to the next data
        // descriptor, `:` or the end of the format.
        let result = self.transfer(None).and_then(|()| {
            items
                .iter()
                .enumerate()
                .try_for_each(|(k, item)| self.transfer(Some((item, k + 1))))
        });
        match result {
            Ok(()) => {
                self.out.extend_from_slice(&self.rec);
                if !self.dollar {
                    self.out.push(b'\n');
                }
                Ok(String::from_utf8_lossy(&self.out).into_owned())
            }
            Err(mut e) => {
                e.partial = String::from_utf8_lossy(&self.out).into_owned();
                Err(e)
            }
        }
    }

    fn next_format(&mut self) -> Option<Next<'a>> {
        let node = match self.saved.take() {
            Some(n) => n,
            None => match self.cursor.next() {
                Some(n) => n,
                None => {
                    if !self.reversion_ok {
                        return None;
                    }
                    self.reversion_ok = false;
                    self.reversion_flag = true;
                    self.cursor.revert();
                    self.saved = self.cursor.next();
                    return Some(Next::RevertColon);
                }
            },
        };
        if matches!(node, Node::Data { .. }) {
            self.reversion_ok = true;
        }
        Some(Next::Node(node))
    }

    /// Process format nodes for one item (`None`: the start of the statement).
    fn transfer(&mut self, mut item: Option<(&Item, usize)>) -> Result<(), FormatError> {
        loop {
            if self.reversion_flag && item.is_some() {
                self.reversion_flag = false;
                self.next_record();
            }
            let node = match self.next_format() {
                None if item.is_some() => {
                    return Err(FormatError::runtime(
                        "Insufficient data descriptors in format after reversion",
                    ))
                }
                None => return Ok(()),
                Some(Next::RevertColon) if item.is_none() => return Ok(()),
                Some(Next::RevertColon) => continue,
                Some(Next::Node(n)) => n,
            };
            let is_data = matches!(node, Node::Data { .. });
            if self.skips != 0 && ((item.is_some() && is_data) || matches!(node, Node::Str(_))) {
                self.room(self.skips.max(0) as u64)?;
                self.discharge();
            }
            match node {
                Node::Data { desc, .. } => {
                    let Some((it, number)) = item.take() else {
                        self.saved = Some(node);
                        return Ok(());
                    };
                    self.room(field_bound(desc, it))?;
                    let text = self.edit(desc, it, number)?;
                    self.write(text.as_bytes());
                }
                Node::Str(s) => {
                    self.room(s.len() as u64)?;
                    self.write(s.as_bytes());
                }
                Node::Colon => {
                    if item.is_none() {
                        return Ok(());
                    }
                }
                Node::Right(n) => {
                    self.skips = self.skips.saturating_add(i64::from(*n));
                    self.room(self.skips.max(0) as u64)?;
                    let pos = self.used + self.skips - 1;
                    self.pending = pos - self.max_pos + 1;
                }
                Node::Left(n) => {
                    let n = i64::from(*n);
                    if self.used == 0 {
                        self.pending -= n;
                        self.skips = (self.skips - n).max(0);
                    }
                    self.tab_to(self.used - n);
                }
                Node::Tab(n) => self.tab_to(i64::from(*n) - self.pending - 1),
                Node::Slash(_) => {
                    self.room(1)?;
                    self.next_record();
                }
                Node::Scale(k) => self.ctx.scale = *k,
                Node::Sign(mode) => self.ctx.plus = *mode == SignMode::Plus,
                Node::DecimalComma(c) => self.ctx.comma = *c,
                Node::Blank | Node::Group { .. } => {}
                Node::Dollar => self.dollar = true,
            }
            self.max_pos = self.max_pos.max(self.used);
        }
    }

    /// Fail unless `extra` more bytes past the current position keep the
    /// statement's output within [`MAX_STATEMENT_OUTPUT`].
    fn room(&self, extra: u64) -> Result<(), FormatError> {
        let used = (self.out.len() + self.rec.len().max(self.pos)) as u64;
        if used.saturating_add(extra) > MAX_STATEMENT_OUTPUT as u64 {
            return Err(FormatError::runtime(&format!(
                "Output of one formatted statement exceeds {MAX_STATEMENT_OUTPUT} bytes"
            )));
        }
        Ok(())
    }

    /// `T` / `TL`: record a (possibly leftward) move to column `pos`.
    fn tab_to(&mut self, pos: i64) {
        let pos = pos.max(0);
        self.skips += pos - self.used;
        self.pending = (self.pending + pos - self.max_pos).max(0);
    }

    /// Carry out the pending moves before something is written.
    fn discharge(&mut self) {
        if self.skips > 0 {
            let len = self.skips as usize;
            let end = self.pos + len;
            if self.rec.len() < end {
                self.rec.resize(end, b' ');
            }
            let nspaces = self.pending.max(0) as usize;
            if nspaces > 0 && nspaces <= len {
                self.rec[end - nspaces..end].fill(b' ');
            }
            self.pos = end;
            self.used += self.skips;
            self.max_pos = self.max_pos.max(self.used);
        } else if self.skips < 0 {
            // A seek before the start of the record fails and leaves the
            // position alone, but the byte count still moves.
            let target = self.pos as i64 + self.skips;
            if target >= 0 {
                self.pos = target as usize;
            }
            self.used += self.skips;
        }
        self.skips = 0;
        self.pending = 0;
    }

    /// Write bytes at the current position, overwriting or extending.
    fn write(&mut self, bytes: &[u8]) {
        let end = self.pos + bytes.len();
        let overlap = self.rec.len().min(end) - self.pos;
        self.rec[self.pos..self.pos + overlap].copy_from_slice(&bytes[..overlap]);
        self.rec.extend_from_slice(&bytes[overlap..]);
        self.pos = end;
        self.used += bytes.len() as i64;
    }

    fn next_record(&mut self) {
        self.out.extend_from_slice(&self.rec);
        self.out.push(b'\n');
        self.rec.clear();
        self.pos = 0;
        self.used = 0;
        self.max_pos = 0;
        self.skips = 0;
        self.pending = 0;
    }

    /// Edit one item with a data descriptor.
    fn edit(&self, desc: &Data, item: &Item, number: usize) -> Result<String, FormatError> {
        let plus = self.ctx.plus;
        let int = |it: &Item| match *it {
            Item::I32(v) => Some((i64::from(v), 32)),
            Item::I64(v) => Some((v, 64)),
            _ => None,
        };
        let real = |it: &Item| match *it {
            Item::F32(v) => Some(Real::F32(v)),
            Item::F64(v) => Some(Real::F64(v)),
            _ => None,
        };
        match *desc {
            Data::I { w, m } => {
                let (v, _) = int(item).ok_or_else(|| mismatch("INTEGER", item, number))?;
                Ok(edit_i(v, w, m, plus))
            }
            Data::Radix { radix, w, m } => {
                let (v, bits) = match *item {
                    Item::F32(x) => (i64::from(x.to_bits()), 32),
                    Item::F64(x) => (x.to_bits() as i64, 64),
                    Item::Bool(b) => (i64::from(b), 32),
                    _ => int(item).ok_or_else(|| mismatch("INTEGER", item, number))?,
                };
                Ok(edit_radix(v, bits, radix, w, m))
            }
            Data::F { w, d } => {
                let x = real(item).ok_or_else(|| mismatch("REAL", item, number))?;
                edit_exp_or_f(x, None, w, d, None, &self.ctx)
            }
            Data::Exp { style, w, d, e } => {
                let x = real(item).ok_or_else(|| mismatch("REAL", item, number))?;
                edit_exp_or_f(x, Some(style), w, d, e, &self.ctx)
            }
            Data::G { w, d, e } => match item {
                Item::I32(_) | Item::I64(_) => {
                    Ok(edit_i(int(item).map_or(0, |p| p.0), w, None, plus))
                }
                Item::Bool(b) => Ok(edit_l(*b, w)),
                Item::Str(s) => Ok(edit_a(s, (w > 0).then_some(w))),
                Item::F32(_) | Item::F64(_) => {
                    let x = real(item).ok_or_else(|| mismatch("REAL", item, number))?;
                    edit_g(x, w, d, e, 0, &self.ctx)
                }
            },
            Data::L { w } => {
                let v = match item {
                    Item::Bool(b) => *b,
                    Item::I32(v) => *v != 0,
                    Item::I64(v) => *v != 0,
                    Item::F32(x) => x.to_bits() != 0,
                    Item::F64(x) => x.to_bits() != 0,
                    Item::Str(s) => s.as_bytes().first().is_some_and(|&c| c != 0),
                };
                Ok(edit_l(v, w))
            }
            Data::A { w } => match item {
                Item::Str(s) => Ok(edit_a(s, w)),
                _ => Err(mismatch("CHARACTER", item, number)),
            },
        }
    }
}
