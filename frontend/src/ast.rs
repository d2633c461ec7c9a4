//! The abstract syntax tree produced by the parser.
//!
//! The AST is a faithful picture of the source: names are unresolved strings
//! (lower-cased, since Fortran is case-insensitive), `a(i)` is an
//! [`ExprKind::Apply`] whether `a` turns out to be an array or a function, and
//! every node carries the [`Span`] of the text it came from. Semantic analysis
//! (`crate::sema`) turns it into the typed HIR.

/// A half-open byte range `start..end` into the original source text.
///
/// Offsets always point into the text as the user wrote it (continuation
/// lines included), so a span maps back to a real line and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }
    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// A name with its span. The text is lower-cased by the lexer.
#[derive(Debug, Clone, PartialEq)]
pub struct Ident {
    /// Lower-cased name.
    pub name: String,
    /// Where it was written.
    pub span: Span,
}

/// A whole source file: one main program.
#[derive(Debug, Clone, PartialEq)]
pub struct Program {
    /// `program NAME`; `None` when the file has no `program` statement.
    pub name: Option<Ident>,
    /// Specification part: `implicit none` and declarations, in order.
    pub decls: Vec<Decl>,
    /// Execution part.
    pub body: Vec<Stmt>,
    /// The whole program.
    pub span: Span,
}

/// The base of a type specification.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BaseType {
    /// `integer`
    Integer,
    /// `real`
    Real,
    /// `double precision` (the same as `real(8)`; no kind selector allowed)
    DoublePrecision,
    /// `logical`
    Logical,
    /// `character` (only as a named constant's type, for now)
    Character,
}

/// `integer`, `integer(8)`, `integer(kind=8)`, `real*8`, `double precision`...
#[derive(Debug, Clone, PartialEq)]
pub struct TypeSpec {
    /// The base type.
    pub base: BaseType,
    /// Kind selector expression (`(8)`, `(kind=8)`, `*8`, `(len=*)` is ignored).
    pub kind: Option<Expr>,
    /// Span of the whole type specification.
    pub span: Span,
}

/// One bound pair in an array specification: `lower:upper`, `upper`, or `:`.
#[derive(Debug, Clone, PartialEq)]
pub enum DimSpec {
    /// `upper` or `lower:upper`.
    Explicit {
        /// `None` means 1.
        lower: Option<Expr>,
        /// Upper bound.
        upper: Expr,
    },
    /// `:` (deferred shape, for allocatable arrays).
    Deferred(Span),
    /// Bounds the parser could not read (`1:2:3`), already reported.
    Invalid(Span),
}

/// An attribute in a type declaration statement.
#[derive(Debug, Clone, PartialEq)]
pub enum Attr {
    /// `dimension(...)`
    Dimension(Vec<DimSpec>, Span),
    /// `parameter`
    Parameter(Span),
    /// `allocatable`
    Allocatable(Span),
    /// Any other attribute the grammar recognises but fscal does not support
    /// yet (`target`, `pointer`, `save`, `intent(...)`...): sema reports it.
    Other(Ident),
}

/// One entity of a declaration: `a(10) = init`.
#[derive(Debug, Clone, PartialEq)]
pub struct Entity {
    /// The declared name.
    pub name: Ident,
    /// An array specification written on the entity itself.
    pub dims: Option<Vec<DimSpec>>,
    /// `= expr` initialization.
    pub init: Option<Expr>,
    /// Span of the entity.
    pub span: Span,
}

/// A specification statement.
#[derive(Debug, Clone, PartialEq)]
pub enum Decl {
    /// `implicit none`
    ImplicitNone(Span),
    /// `TYPE [, attr]... [::] entity, entity...`
    Var {
        /// The type.
        ty: TypeSpec,
        /// Attributes in order.
        attrs: Vec<Attr>,
        /// Declared entities.
        entities: Vec<Entity>,
        /// Whole statement.
        span: Span,
    },
}

/// A statement of the execution part.
#[derive(Debug, Clone, PartialEq)]
pub struct Stmt {
    /// What it is.
    pub kind: StmtKind,
    /// The whole statement (for a construct, its first line only is enough).
    pub span: Span,
}

/// The format of a `print` or `write`.
#[derive(Debug, Clone, PartialEq)]
pub enum FormatSpec {
    /// `*`: list-directed.
    List,
    /// A character expression (normally a literal like `'(i5, f8.3)'`).
    Expr(Expr),
}

/// One item of `allocate(...)`: `a(lo:hi, n)`.
#[derive(Debug, Clone, PartialEq)]
pub struct AllocItem {
    /// The array.
    pub name: Ident,
    /// Bounds per dimension.
    pub dims: Vec<DimSpec>,
    /// Span of the item.
    pub span: Span,
}

/// Statement kinds.
#[derive(Debug, Clone, PartialEq)]
pub enum StmtKind {
    /// `lhs = rhs`, scalar or array.
    Assign {
        /// The variable, element or section assigned.
        lhs: Expr,
        /// The value.
        rhs: Expr,
    },
    /// `print fmt [, items]` and `write(*, fmt) items`.
    Print {
        /// `*` or a format.
        format: FormatSpec,
        /// Output list.
        items: Vec<Expr>,
    },
    /// `if (c) then ... [else if (c) then ...]... [else ...] end if` and the
    /// one-line `if (c) stmt` (a single arm, no else).
    If {
        /// Conditions and blocks, in order.
        arms: Vec<(Expr, Vec<Stmt>)>,
        /// The `else` block, if any.
        else_body: Option<Vec<Stmt>>,
    },
    /// `[name:] do [var = start, end [, step]] ... end do`. With no control
    /// (`do ... end do`) `var` is `None`.
    Do {
        /// Construct name.
        label: Option<Ident>,
        /// Loop control.
        control: Option<DoControl>,
        /// Body.
        body: Vec<Stmt>,
    },
    /// `[name:] do while (cond) ... end do`
    DoWhile {
        /// Construct name.
        label: Option<Ident>,
        /// Condition, evaluated before each iteration.
        cond: Expr,
        /// Body.
        body: Vec<Stmt>,
    },
    /// `exit [name]`
    Exit(Option<Ident>),
    /// `cycle [name]`
    Cycle(Option<Ident>),
    /// `allocate(a(n), b(0:m, k))`
    Allocate(Vec<AllocItem>),
    /// `deallocate(a, b)`
    Deallocate(Vec<Ident>),
    /// `stop [code]`
    Stop(Option<Expr>),
    /// `continue` (does nothing)
    Continue,
    /// A statement, construct or program unit fscal recognises but does not
    /// support yet (`where`, `forall`, `select case`, `call`, a `contains`
    /// section, a module...). Sema reports "not supported yet: ...".
    Unsupported(Unsupported),
}

/// Text fscal skips as not supported yet, as the lexer folded it.
#[derive(Debug, Clone, PartialEq)]
pub struct Unsupported {
    /// Its keyword(s), lower-case: `where`, `end select`, `module`,
    /// `contains`, `statement label`...
    pub what: String,
    /// Names the skipped text defines: the procedures of a unit, an
    /// interface block or a `contains` section, the entities of an
    /// unsupported declaration (`complex :: z`). References to them are
    /// not reported again as unknown.
    pub names: Vec<String>,
    /// True for `use`: any name may come from the module.
    pub imports: bool,
}

impl Unsupported {
    /// Skipped text named `what`, defining nothing.
    pub fn new(what: impl Into<String>) -> Self {
        Unsupported {
            what: what.into(),
            names: Vec::new(),
            imports: false,
        }
    }
}

/// `var = start, end [, step]`
#[derive(Debug, Clone, PartialEq)]
pub struct DoControl {
    /// The loop variable.
    pub var: Ident,
    /// Start value.
    pub start: Expr,
    /// End value.
    pub end: Expr,
    /// Step (default 1).
    pub step: Option<Expr>,
}

/// An expression.
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it was written (for a parenthesised expression, the parentheses
    /// are included).
    pub span: Span,
}

/// Unary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-x`
    Neg,
    /// `+x`
    Plus,
    /// `.not. x`
    Not,
}

/// Binary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `**` (right-associative)
    Pow,
    /// `==` / `.eq.`
    Eq,
    /// `/=` / `.ne.`
    Ne,
    /// `<` / `.lt.`
    Lt,
    /// `<=` / `.le.`
    Le,
    /// `>` / `.gt.`
    Gt,
    /// `>=` / `.ge.`
    Ge,
    /// `.and.`
    And,
    /// `.or.`
    Or,
    /// `.eqv.`
    Eqv,
    /// `.neqv.`
    Neqv,
    /// `//` (character concatenation; parsed, not supported yet)
    Concat,
}

/// A numeric literal's text, kept as written so sema can give exact kinds
/// and a diagnostic for a value out of range.
#[derive(Debug, Clone, PartialEq)]
pub enum Literal {
    /// `42`, `42_8`: digits and the kind suffix (`None` when absent).
    Int {
        /// Digits.
        digits: String,
        /// Kind suffix `_8` (a number or a named constant).
        kind: Option<String>,
    },
    /// `1.5`, `1.`, `.5`, `1.5e3`, `1e3`, `1.5d0`, `1.5_8`.
    Real {
        /// Mantissa and exponent with the exponent letter normalised to `e`
        /// (so Rust's `str::parse::<f64>` accepts it).
        text: String,
        /// True when the exponent letter was `d` (double precision).
        double: bool,
        /// Kind suffix after `_`.
        kind: Option<String>,
    },
    /// `.true.` / `.false.` (an optional `_kind` suffix is ignored)
    Logical(bool),
    /// `'text'` or `"text"` with doubled quotes already undoubled.
    Str(String),
}

/// One argument or subscript inside `name( ... )`.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    /// A plain expression: a scalar subscript, a vector subscript, or an
    /// actual argument.
    Expr(Expr),
    /// A subscript triplet `[lo]:[hi][:stride]`.
    Triplet {
        /// Lower bound.
        lo: Option<Expr>,
        /// Upper bound.
        hi: Option<Expr>,
        /// Stride.
        stride: Option<Expr>,
        /// Span of the triplet.
        span: Span,
    },
    /// `keyword = expr` (`dim=1`, `kind=8`, `mask=...`).
    Keyword(Ident, Expr),
}

/// An item of an array constructor.
#[derive(Debug, Clone, PartialEq)]
pub enum AcItem {
    /// An expression (scalar or array: arrays are flattened in element order).
    Expr(Expr),
    /// `(items, var = start, end [, step])`
    ImpliedDo {
        /// Items repeated per iteration.
        items: Vec<AcItem>,
        /// Control.
        control: Box<DoControl>,
        /// Span of the whole implied do (with its parentheses).
        span: Span,
    },
}

/// Expression kinds.
#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    /// A literal.
    Lit(Literal),
    /// A bare name: a scalar variable, a whole array or a named constant.
    Name(Ident),
    /// `name(args)`: array element, array section, or function call.
    Apply {
        /// The name.
        name: Ident,
        /// Subscripts or arguments.
        args: Vec<Arg>,
    },
    /// `[ ... ]` or `(/ ... /)`; an optional type spec `[real :: ...]`.
    Constructor {
        /// `[real(8) :: ...]`
        ty: Option<Box<TypeSpec>>,
        /// Items.
        items: Vec<AcItem>,
    },
    /// Unary operation.
    Unary(UnaryOp, Box<Expr>),
    /// Binary operation.
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    /// `( expr )`: kept because Fortran treats a parenthesised variable as a
    /// value, never as the variable itself.
    Paren(Box<Expr>),
}

/// Dropping an expression takes its subtrees apart with an explicit stack:
/// a long operator chain (`1 + 1 + ... + 1` is a left-leaning tree as deep
/// as it is long) would otherwise be dropped by recursion as deep as the
/// tree.
impl Drop for Expr {
    fn drop(&mut self) {
        if matches!(self.kind, ExprKind::Lit(_) | ExprKind::Name(_)) {
            return;
        }
        let mut stack = Vec::new();
        take_children(&mut self.kind, &mut stack);
        while let Some(mut child) = stack.pop() {
            take_children(&mut child.kind, &mut stack);
            // `child` is a leaf now: its own drop returns at once.
        }
    }
}

/// Moves the subexpressions of `kind` to `out`, leaving a leaf behind.
fn take_children(kind: &mut ExprKind, out: &mut Vec<Expr>) {
    let leaf = ExprKind::Lit(Literal::Logical(false));
    match std::mem::replace(kind, leaf) {
        ExprKind::Lit(_) | ExprKind::Name(_) => {}
        ExprKind::Unary(_, x) | ExprKind::Paren(x) => out.push(*x),
        ExprKind::Binary(_, l, r) => {
            out.push(*l);
            out.push(*r);
        }
        ExprKind::Apply { args, .. } => {
            for arg in args {
                take_arg(arg, out);
            }
        }
        ExprKind::Constructor { ty, items } => {
            if let Some(ty) = ty {
                out.extend(ty.kind);
            }
            take_items(items, out);
        }
    }
}

fn take_arg(arg: Arg, out: &mut Vec<Expr>) {
    match arg {
        Arg::Expr(e) | Arg::Keyword(_, e) => out.push(e),
        Arg::Triplet { lo, hi, stride, .. } => out.extend(lo.into_iter().chain(hi).chain(stride)),
    }
}

/// Constructor items; nested implied-do lists are bracket-nested, so the
/// lexer bounds this recursion.
fn take_items(items: Vec<AcItem>, out: &mut Vec<Expr>) {
    for item in items {
        match item {
            AcItem::Expr(e) => out.push(e),
            AcItem::ImpliedDo { items, control, .. } => {
                let DoControl {
                    start, end, step, ..
                } = *control;
                out.push(start);
                out.push(end);
                out.extend(step);
                take_items(items, out);
            }
        }
    }
}
