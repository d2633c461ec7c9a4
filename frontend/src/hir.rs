//! The typed high-level IR produced by semantic analysis.
//!
//! Compared with the AST: names are resolved to [`SymbolId`]s, named
//! constants are folded into [`ExprKind::Const`], every expression carries
//! its [`Type`] and rank, implicit conversions are explicit
//! [`ExprKind::Convert`] nodes, `a(i)` is either an [`ExprKind::Section`] or
//! an [`ExprKind::Intrinsic`] call, and loops carry ids that `exit`/`cycle`
//! name. Consumers (the scalarizer and the reference evaluator) never redo
//! Fortran's typing rules.

pub use crate::ast::Span;

/// A symbol of the program (index into [`Program::symbols`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SymbolId(pub u32);

impl SymbolId {
    /// Index into `Program::symbols`.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A `do` or `do while` loop (target of `exit` and `cycle`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LoopLabel(pub u32);

/// The scalar types of the language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Type {
    /// `integer(4)`
    Int4,
    /// `integer(8)`
    Int8,
    /// `real(4)`
    Real4,
    /// `real(8)` / `double precision`
    Real8,
    /// `logical(4)`
    Logical,
    /// A character constant (only in output lists).
    Char,
}

impl Type {
    /// True for the integer types.
    pub fn is_int(self) -> bool {
        matches!(self, Type::Int4 | Type::Int8)
    }
    /// True for the real types.
    pub fn is_real(self) -> bool {
        matches!(self, Type::Real4 | Type::Real8)
    }
    /// True for integer and real types.
    pub fn is_numeric(self) -> bool {
        self.is_int() || self.is_real()
    }
    /// Fortran's name for the type.
    pub fn name(self) -> &'static str {
        match self {
            Type::Int4 => "integer(4)",
            Type::Int8 => "integer(8)",
            Type::Real4 => "real(4)",
            Type::Real8 => "real(8)",
            Type::Logical => "logical",
            Type::Char => "character",
        }
    }
}

/// A constant value. Reals are kept as `f64`; a `real(4)` constant holds a
/// value exactly representable in `f32`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value {
    /// Any integer kind.
    Int(i64),
    /// Any real kind.
    Real(f64),
    /// Logical.
    Logical(bool),
}

/// How a symbol's storage is shaped.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    /// A scalar.
    Scalar,
    /// An explicit-shape array: `(lower, upper)` per dimension. The bounds
    /// are scalar integer expressions evaluated once at program start (they
    /// are constants when written with named constants).
    Explicit(Vec<(Expr, Expr)>),
    /// An allocatable array of the given rank (bounds come from `allocate`).
    Deferred(u8),
}

impl Shape {
    /// 0 for scalars.
    pub fn rank(&self) -> u8 {
        match self {
            Shape::Scalar => 0,
            Shape::Explicit(d) => d.len() as u8,
            Shape::Deferred(r) => *r,
        }
    }
}

/// A declared name.
#[derive(Debug, Clone, PartialEq)]
pub struct Symbol {
    /// Lower-cased name.
    pub name: String,
    /// Element type.
    pub ty: Type,
    /// Scalar, explicit-shape or deferred-shape.
    pub shape: Shape,
    /// Declared with `parameter`: every reference was folded to its value.
    pub parameter: Option<Value>,
    /// Scalar initial value from the declaration (`real :: x = 1.5`),
    /// already converted to `ty`.
    pub init: Option<Value>,
    /// Where it was declared (the name in the declaration; for implicitly
    /// typed names, the first use).
    pub span: Span,
}

impl Symbol {
    /// True for `allocatable` arrays.
    pub fn is_allocatable(&self) -> bool {
        matches!(self.shape, Shape::Deferred(_))
    }
}

/// A typed expression.
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Element type.
    pub ty: Type,
    /// 0 for scalars.
    pub rank: u8,
    /// Source span.
    pub span: Span,
}

/// Unary operators (the operand already has the result type).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-x`
    Neg,
    /// `.not. x`
    Not,
}

/// Binary operators. Arithmetic operands have the result type (converted
/// already), except `Pow` whose exponent may be an integer of any kind
/// while the base is real (`x**2` stays an integer power). Comparison
/// operands share one type; their result is `Logical`.
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
    /// `**`
    Pow,
    /// `==`
    Eq,
    /// `/=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `.and.`
    And,
    /// `.or.`
    Or,
    /// `.eqv.`
    Eqv,
    /// `.neqv.`
    Neqv,
}

impl BinaryOp {
    /// True for the six comparisons.
    pub fn is_comparison(self) -> bool {
        use BinaryOp::*;
        matches!(self, Eq | Ne | Lt | Le | Gt | Ge)
    }
    /// Fortran spelling.
    pub fn symbol(self) -> &'static str {
        use BinaryOp::*;
        match self {
            Add => "+",
            Sub => "-",
            Mul => "*",
            Div => "/",
            Pow => "**",
            Eq => "==",
            Ne => "/=",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            And => ".and.",
            Or => ".or.",
            Eqv => ".eqv.",
            Neqv => ".neqv.",
        }
    }
}

/// Elemental intrinsic functions. Arguments are already converted to the
/// types the intrinsic computes in; the result type is `Expr::ty`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Intrinsic {
    /// `abs(x)`
    Abs,
    /// `sqrt(x)`
    Sqrt,
    /// `exp(x)`
    Exp,
    /// `log(x)`
    Log,
    /// `log10(x)`
    Log10,
    /// `sin(x)`
    Sin,
    /// `cos(x)`
    Cos,
    /// `tan(x)`
    Tan,
    /// `atan(x)`
    Atan,
    /// `atan2(y, x)`
    Atan2,
    /// `max(a, b, ...)`: two or more arguments of the result type.
    Max,
    /// `min(a, b, ...)`
    Min,
    /// `mod(a, p)`: `a - int(a/p)*p`.
    Mod,
    /// `modulo(a, p)`: `a - floor(a/p)*p`.
    Modulo,
    /// `sign(a, b)`: `|a|` with the sign of `b`.
    Sign,
    /// `int(x [, kind])`: truncate toward zero (or convert an integer).
    Int,
    /// `nint(x [, kind])`: round half away from zero.
    Nint,
    /// `floor(x [, kind])`
    Floor,
    /// `ceiling(x [, kind])`
    Ceiling,
    /// `real(x [, kind])` and `dble(x)`: conversion to the result type.
    Real,
    /// `merge(tsource, fsource, mask)`: the mask is the third argument.
    Merge,
}

impl Intrinsic {
    /// The Fortran name.
    pub fn name(self) -> &'static str {
        use Intrinsic::*;
        match self {
            Abs => "abs",
            Sqrt => "sqrt",
            Exp => "exp",
            Log => "log",
            Log10 => "log10",
            Sin => "sin",
            Cos => "cos",
            Tan => "tan",
            Atan => "atan",
            Atan2 => "atan2",
            Max => "max",
            Min => "min",
            Mod => "mod",
            Modulo => "modulo",
            Sign => "sign",
            Int => "int",
            Nint => "nint",
            Floor => "floor",
            Ceiling => "ceiling",
            Real => "real",
            Merge => "merge",
        }
    }
}

/// Array inquiry functions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Inquiry {
    /// `size(array [, dim])`: `integer(4)`.
    Size,
    /// `lbound(array [, dim])`: scalar with `dim`, rank-1 without.
    Lbound,
    /// `ubound(array [, dim])`
    Ubound,
    /// `shape(array)`: rank-1 `integer(4)` array.
    Shape,
}

/// One subscript of an array reference.
#[derive(Debug, Clone, PartialEq)]
pub enum Subscript {
    /// A scalar integer subscript (removes the dimension).
    Scalar(Expr),
    /// `lo:hi:stride`; absent parts default to the array's bounds and 1.
    /// Present parts are `integer(8)` expressions.
    Triplet {
        /// Lower bound.
        lo: Option<Expr>,
        /// Upper bound.
        hi: Option<Expr>,
        /// Stride.
        stride: Option<Expr>,
    },
    /// A rank-1 integer array used as a vector subscript.
    Vector(Expr),
}

/// An item of an array constructor.
#[derive(Debug, Clone, PartialEq)]
pub enum AcItem {
    /// A value (arrays are spliced in array element order). Already
    /// converted to the constructor's element type.
    Expr(Expr),
    /// `(items, var = start, end [, step])`; `var` is an integer scalar
    /// symbol (the implied-do variable, which Fortran scopes to the
    /// constructor: it does not change the variable of the same name).
    ImpliedDo {
        /// The implied-do variable.
        var: SymbolId,
        /// Start.
        start: Expr,
        /// End.
        end: Expr,
        /// Step, default 1.
        step: Option<Expr>,
        /// Items per iteration.
        items: Vec<AcItem>,
    },
}

/// Expression kinds.
#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    /// A scalar constant (of type `Expr::ty`).
    Const(Value),
    /// A character constant.
    Str(String),
    /// A scalar variable or a whole array.
    Var(SymbolId),
    /// An element (all subscripts scalar, rank 0) or a section of an array.
    /// There is exactly one subscript per array dimension.
    Section {
        /// The array.
        array: SymbolId,
        /// One per array dimension.
        subs: Vec<Subscript>,
    },
    /// Unary operation.
    Unary(UnaryOp, Box<Expr>),
    /// Binary operation (elementwise when either side is an array; a
    /// scalar side is broadcast).
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    /// Type conversion to `Expr::ty`.
    Convert(Box<Expr>),
    /// Elemental intrinsic call.
    Intrinsic(Intrinsic, Vec<Expr>),
    /// `size`, `lbound`, `ubound`, `shape` of `arg` (any array
    /// expression); `dim` is an integer scalar when present.
    Inquiry {
        /// Which one.
        which: Inquiry,
        /// The array argument.
        arg: Box<Expr>,
        /// `dim=` argument.
        dim: Option<Box<Expr>>,
    },
    /// Array constructor (rank 1).
    Constructor(Vec<AcItem>),
}

/// The format of an output statement.
#[derive(Debug, Clone, PartialEq)]
pub enum Format {
    /// `*`
    List,
    /// A format string like `(i5, f8.3)`.
    Text(String),
}

/// A statement.
#[derive(Debug, Clone, PartialEq)]
pub struct Stmt {
    /// What it does.
    pub kind: StmtKind,
    /// Source span.
    pub span: Span,
}

/// Statement kinds.
#[derive(Debug, Clone, PartialEq)]
pub enum StmtKind {
    /// Scalar or array assignment. `lhs` is a `Var` or `Section`; `rhs` is
    /// already converted to the lhs type; when `lhs.rank > 0`, `rhs` is
    /// either scalar (broadcast) or of the same rank.
    Assign {
        /// Target.
        lhs: Expr,
        /// Value.
        rhs: Expr,
    },
    /// `allocate(a(lb:ub, ...), ...)`: bounds are `integer(8)` scalars.
    Allocate(Vec<(SymbolId, Vec<(Expr, Expr)>, Span)>),
    /// `deallocate(a, ...)`
    Deallocate(Vec<(SymbolId, Span)>),
    /// Counted `do`. `start`, `end` and `step` have the variable's type.
    Do {
        /// Target of exit/cycle.
        label: LoopLabel,
        /// Integer scalar variable.
        var: SymbolId,
        /// Start.
        start: Expr,
        /// End.
        end: Expr,
        /// Step (`None` = 1).
        step: Option<Expr>,
        /// Body.
        body: Vec<Stmt>,
    },
    /// `do while (cond)`; `do` without control has `cond` = `.true.`.
    DoWhile {
        /// Target of exit/cycle.
        label: LoopLabel,
        /// Logical scalar.
        cond: Expr,
        /// Body.
        body: Vec<Stmt>,
    },
    /// `if` construct (one-line `if` has one arm).
    If {
        /// Logical scalar conditions with their blocks.
        arms: Vec<(Expr, Vec<Stmt>)>,
        /// `else` block (possibly empty).
        else_body: Vec<Stmt>,
    },
    /// `exit`
    Exit(LoopLabel),
    /// `cycle`
    Cycle(LoopLabel),
    /// `print` / `write`. Items may be arrays (all elements, in array element
    /// order) or character constants.
    Print {
        /// List-directed or a format string.
        format: Format,
        /// Output items.
        items: Vec<Expr>,
    },
    /// `stop [code]`: integer scalar code.
    Stop(Option<Expr>),
}

/// A checked program.
#[derive(Debug, Clone, PartialEq)]
pub struct Program {
    /// The program's name (`main` when it has none).
    pub name: String,
    /// Every symbol, including implied-do variables.
    pub symbols: Vec<Symbol>,
    /// The execution part.
    pub body: Vec<Stmt>,
    /// Number of loop labels used (`LoopLabel(0..loops)`).
    pub loops: u32,
}

impl Program {
    /// The symbol behind an id.
    pub fn symbol(&self, id: SymbolId) -> &Symbol {
        &self.symbols[id.index()]
    }
}

impl Expr {
    /// A constant expression.
    pub fn constant(value: Value, ty: Type, span: Span) -> Expr {
        Expr {
            kind: ExprKind::Const(value),
            ty,
            rank: 0,
            span,
        }
    }
    /// The constant value, if this is a constant.
    pub fn as_const(&self) -> Option<Value> {
        match self.kind {
            ExprKind::Const(v) => Some(v),
            _ => None,
        }
    }
    /// The constant integer value, if any.
    pub fn as_int(&self) -> Option<i64> {
        match self.kind {
            ExprKind::Const(Value::Int(v)) => Some(v),
            _ => None,
        }
    }
}

/// Dropping an expression takes its subtrees apart with an explicit stack:
/// an operator chain as long as the source line (`x + x + ... + x`) is a
/// tree as deep as it is long, and recursive dropping would need a native
/// stack as deep.
impl Drop for Expr {
    fn drop(&mut self) {
        if matches!(
            self.kind,
            ExprKind::Const(_) | ExprKind::Str(_) | ExprKind::Var(_)
        ) {
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
    match std::mem::replace(kind, ExprKind::Const(Value::Logical(false))) {
        ExprKind::Const(_) | ExprKind::Str(_) | ExprKind::Var(_) => {}
        ExprKind::Unary(_, x) | ExprKind::Convert(x) => out.push(*x),
        ExprKind::Binary(_, l, r) => {
            out.push(*l);
            out.push(*r);
        }
        ExprKind::Intrinsic(_, args) => out.extend(args),
        ExprKind::Inquiry { arg, dim, .. } => {
            out.push(*arg);
            out.extend(dim.map(|d| *d));
        }
        ExprKind::Section { subs, .. } => {
            for sub in subs {
                match sub {
                    Subscript::Scalar(e) | Subscript::Vector(e) => out.push(e),
                    Subscript::Triplet { lo, hi, stride } => {
                        out.extend(lo.into_iter().chain(hi).chain(stride))
                    }
                }
            }
        }
        ExprKind::Constructor(items) => take_items(items, out),
    }
}

/// Constructor items; nested implied-do lists are bracket-nested in the
/// source, so the lexer bounds this recursion.
fn take_items(items: Vec<AcItem>, out: &mut Vec<Expr>) {
    for item in items {
        match item {
            AcItem::Expr(e) => out.push(e),
            AcItem::ImpliedDo {
                start,
                end,
                step,
                items,
                ..
            } => {
                out.push(start);
                out.push(end);
                out.extend(step);
                take_items(items, out);
            }
        }
    }
}
