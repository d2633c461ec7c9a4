//! The loop IR: what the scalarizer emits and the backend compiles.
//!
//! A [`LoopIr`] is one whole program made of scalar statements. Arrays are
//! reached only through descriptors ([`ArrayId`]) and explicit element
//! offsets: every subscript, delta and partial offset has already been
//! computed by the scalarizer, so the backend needs no Fortran knowledge.
//! Loops carry a [`LoopId`] whose [`LoopInfo`] side-table entry records what
//! later passes (SIMD, fusion, threading, OpenScop export) need to know.
//!
//! Invariants the backend relies on:
//! - every `Expr` is well typed: both operands of a `Binary` or `Cmp` have
//!   the same [`ScalarTy`]; `Convert` is the only conversion;
//! - a `Loop` variable is a local of type `I32` or `I64`, and its start, end
//!   and step have that type; the step is never zero at run time (the
//!   scalarizer emits the check);
//! - `Break`/`Continue` name an enclosing loop;
//! - integer `Div`/`Rem` operands have already been checked for a zero
//!   divisor when checks are on.

use std::fmt;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u32);
        impl $name {
            /// The index into the owning vector.
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

id_type!(
    /// A scalar local variable.
    LocalId
);
id_type!(
    /// An array descriptor (user array or temporary).
    ArrayId
);
id_type!(
    /// A loop (user `do` or scalarizer loop).
    LoopId
);
id_type!(
    /// A constant string (print items and formats).
    StrId
);
id_type!(
    /// A scalarized array statement (one entry of the nest table).
    NestId
);

/// The scalar types the backend knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScalarTy {
    /// `integer(4)`
    I32,
    /// `integer(8)`, also every index, extent and offset.
    I64,
    /// `real(4)`
    F32,
    /// `real(8)`
    F64,
    /// `logical`: stored in memory as a 4-byte integer 0/1 (gfortran's
    /// `logical(4)`), an `i8` 0/1 in registers.
    Bool,
}

impl ScalarTy {
    /// Size in bytes of one element in memory.
    pub fn size(self) -> i64 {
        match self {
            ScalarTy::I32 | ScalarTy::F32 | ScalarTy::Bool => 4,
            ScalarTy::I64 | ScalarTy::F64 => 8,
        }
    }
    /// True for `I32` and `I64`.
    pub fn is_int(self) -> bool {
        matches!(self, ScalarTy::I32 | ScalarTy::I64)
    }
    /// True for `F32` and `F64`.
    pub fn is_float(self) -> bool {
        matches!(self, ScalarTy::F32 | ScalarTy::F64)
    }
}

/// A scalar local.
#[derive(Debug, Clone, PartialEq)]
pub struct Local {
    /// Name for dumps (user name, or `s1`, `off_a2`... for scalarizer locals).
    pub name: String,
    /// Type.
    pub ty: ScalarTy,
}

/// Who owns an array descriptor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArrayKind {
    /// A user array; allocated by `Stmt::Call(RtFn::Allocate)` statements
    /// the scalarizer emits for explicit-shape arrays at program start.
    User,
    /// A temporary created by the scalarizer.
    Temp,
}

/// An array descriptor slot. The backend reserves storage for one
/// `fscal_runtime::Descriptor` per entry, zero-initialised (unallocated)
/// at program start.
#[derive(Debug, Clone, PartialEq)]
pub struct ArrayDecl {
    /// Name for dumps and run-time messages.
    pub name: String,
    /// Element type.
    pub elem: ScalarTy,
    /// Rank, 1 to 7.
    pub rank: u8,
    /// User array or temporary.
    pub kind: ArrayKind,
}

/// Descriptor fields readable from generated code (all `I64`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DescField {
    /// Data pointer as an integer (0 when unallocated).
    Base,
    /// Element offset added to `sum(index_d * stride_d)`.
    Offset,
    /// Lower bound of dimension `d` (0-based dimension number).
    LBound(u8),
    /// Extent of dimension `d`.
    Extent(u8),
    /// Stride of dimension `d`, in elements.
    Stride(u8),
}

/// A compile-time constant.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Const {
    /// `integer(4)`
    I32(i32),
    /// `integer(8)`
    I64(i64),
    /// `real(4)`
    F32(f32),
    /// `real(8)`
    F64(f64),
    /// `logical`
    Bool(bool),
}

impl Const {
    /// The constant's type.
    pub fn ty(self) -> ScalarTy {
        match self {
            Const::I32(_) => ScalarTy::I32,
            Const::I64(_) => ScalarTy::I64,
            Const::F32(_) => ScalarTy::F32,
            Const::F64(_) => ScalarTy::F64,
            Const::Bool(_) => ScalarTy::Bool,
        }
    }
}

/// Unary operations. Operand and result have the same type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnOp {
    /// Negation (ints wrap, floats flip the sign).
    Neg,
    /// Absolute value (ints and floats).
    Abs,
    /// Square root (floats).
    Sqrt,
    /// Round toward minus infinity (floats).
    Floor,
    /// Round toward plus infinity (floats).
    Ceil,
    /// Round toward zero (floats).
    Trunc,
    /// Logical not (`Bool`).
    Not,
}

/// Binary operations. Both operands and the result have the same type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    /// `+` (ints wrap)
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/` (ints: truncating, as Fortran)
    Div,
    /// Remainder with the sign of the dividend (Fortran `mod`); ints only
    /// (real `mod` calls `RtFn::FmodF32`/`FmodF64`, which are exact).
    Rem,
    /// Smaller operand (floats: if either is NaN the result is the other)
    Min,
    /// Larger operand
    Max,
    /// Logical and (`Bool`)
    And,
    /// Logical or (`Bool`)
    Or,
    /// Logical equivalence (`Bool`)
    Eqv,
    /// Logical non-equivalence (`Bool`)
    Neqv,
    /// `|a|` with the sign of `b` (Fortran `sign`), ints and floats
    CopySign,
}

/// Comparisons; the result is `Bool`. Float comparisons are ordered (false
/// when either side is NaN) except `Ne`, which is true for NaN.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CmpOp {
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
}

/// An element address: `base + index * elem_size` of `array`.
#[derive(Debug, Clone, PartialEq)]
pub struct Addr {
    /// The descriptor whose `Base` is used.
    pub array: ArrayId,
    /// Element offset from `Base` (`I64`), descriptor offset included.
    pub index: Expr,
}

/// Expressions: pure except for `Call`.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    /// A constant.
    Const(Const),
    /// Read a local.
    Local(LocalId),
    /// Read a descriptor field (`I64`).
    Desc(ArrayId, DescField),
    /// Address of the descriptor itself, as an `I64` (for runtime calls).
    DescAddr(ArrayId),
    /// Address of a constant string's bytes (`I64`); its length is
    /// `LoopIr::strings[id].len()`.
    Str(StrId),
    /// Load an element; its type is the array's element type.
    Load(Box<Addr>),
    /// Unary operation.
    Unary(UnOp, Box<Expr>),
    /// Binary operation.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// Comparison (`Bool`).
    Cmp(CmpOp, Box<Expr>, Box<Expr>),
    /// Conversion: int to float (exact rounding), float to int (truncate
    /// toward zero, saturating), widening and narrowing ints (narrowing
    /// wraps), f32 <-> f64, Bool -> int (0/1).
    Convert(ScalarTy, Box<Expr>),
    /// `if c then a else b`, both arms evaluated (they are pure).
    Select(Box<Expr>, Box<Expr>, Box<Expr>),
    /// A runtime function with a result.
    Call(RtFn, Vec<Expr>),
}

/// A counted loop with Fortran `DO` semantics:
/// `var = start; trips = max(0, (end - start + step) / step)` computed once
/// before the first iteration; each iteration runs `body` then adds `step`
/// to `var`. After normal completion `var == start + trips * step`.
#[derive(Debug, Clone, PartialEq)]
pub struct Loop {
    /// Identity; `LoopIr::loops[id]` says more.
    pub id: LoopId,
    /// Loop variable (`I32` or `I64` local).
    pub var: LocalId,
    /// First value.
    pub start: Expr,
    /// Last value (inclusive).
    pub end: Expr,
    /// Step, never zero.
    pub step: Expr,
    /// Body.
    pub body: Vec<Stmt>,
}

/// Statements.
#[derive(Debug, Clone, PartialEq)]
pub enum Stmt {
    /// `local = value`
    Set(LocalId, Expr),
    /// Store `value` (of the array's element type) at `addr`.
    Store(Addr, Expr),
    /// A counted loop.
    Loop(Loop),
    /// `while cond { body }`; `id` names it for `Break`/`Continue`.
    While {
        /// Identity.
        id: LoopId,
        /// Tested before every iteration.
        cond: Expr,
        /// Body.
        body: Vec<Stmt>,
    },
    /// Two-way branch.
    If {
        /// Condition (`Bool`).
        cond: Expr,
        /// Taken when true.
        then_body: Vec<Stmt>,
        /// Taken when false.
        else_body: Vec<Stmt>,
    },
    /// Leave the named loop.
    Break(LoopId),
    /// Next iteration of the named loop.
    Continue(LoopId),
    /// Call a runtime function for its effect (result, if any, dropped).
    Call(RtFn, Vec<Expr>),
    /// A comment carried into dumps (no code).
    Comment(String),
}

/// What a loop is, for dumps and later passes.
#[derive(Debug, Clone, PartialEq)]
pub enum LoopOrigin {
    /// A user `do` / `do while`.
    User,
    /// Dimension `dim` (0-based loop dimension) of scalarized statement
    /// `nest`; `phase` is 1 for the only or first loop nest, 2 for the copy
    /// out of a temporary.
    Scalarized {
        /// The statement.
        nest: NestId,
        /// Loop dimension.
        dim: u8,
        /// Which of the two loop nests when a temporary is used.
        phase: u8,
    },
    /// A loop that builds an array constructor or fills a temporary for a
    /// subexpression.
    Helper,
}

/// Side-table facts about a loop.
#[derive(Debug, Clone, PartialEq)]
pub struct LoopInfo {
    /// Where it came from.
    pub origin: LoopOrigin,
    /// True when iterations are independent (no loop-carried dependence):
    /// the loop could be vectorised or run in parallel.
    pub independent: bool,
    /// True when the scalarizer reversed this loop to avoid a dependence.
    pub reversed: bool,
}

/// The runtime functions generated code calls. Each has a fixed C
/// signature ([`RtFn::signature`]) and symbol ([`RtFn::symbol`]); the
/// runtime crate defines them with exactly those names and types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RtFn {
    /// `fscal_allocate(desc: *mut Descriptor, rank: i64, elem_size: i64,
    /// bounds: *const i64 /* lb0, ub0, lb1, ub1, ... */, name: *const u8,
    /// name_len: i64, line: i64, col: i64)`; the bounds are passed through a
    /// runtime scratch buffer, see `BoundsPush`.
    Allocate,
    /// `fscal_deallocate(desc, name, name_len, line, col)`
    Deallocate,
    /// `fscal_bounds_push(v: i64)`: push one bound into the scratch buffer
    /// read by the next `Allocate` (avoids stack arrays in generated code).
    BoundsPush,
    /// `fscal_temp_alloc(desc, rank, elem_size, line, col)` after pushing
    /// `extent_0 .. extent_{rank-1}` with `BoundsPush`: allocate a heap
    /// temporary with lower bounds 0 (zero-based) and column-major strides.
    TempAlloc,
    /// `fscal_temp_free(desc)`
    TempFree,
    /// `fscal_check_allocated(desc, name, name_len, line, col)`: error when
    /// the array is not allocated.
    CheckAllocated,
    /// `fscal_err_bounds(name, name_len, dim: i64 /* 1-based */, index: i64,
    /// lb: i64, ub: i64, line, col)`: never returns.
    ErrBounds,
    /// `fscal_err_shape(dim: i64 /* 1-based */, ext1: i64, ext2: i64, line,
    /// col)`: non-conformable shapes; never returns.
    ErrShape,
    /// `fscal_err_zero_step(line, col)`: never returns.
    ErrZeroStep,
    /// `fscal_err_zero_stride(name, name_len, dim: i64 /* 1-based */,
    /// line, col)`: a section stride of zero; never returns.
    ErrZeroStride,
    /// `fscal_err_div_zero(line, col)`: never returns.
    ErrDivZero,
    /// `fscal_io_begin(fmt: *const u8 /* null = list-directed */, fmt_len:
    /// i64, line, col)`: start an output record set.
    IoBegin,
    /// `fscal_io_i32(v: i32)`
    IoI32,
    /// `fscal_io_i64(v: i64)`
    IoI64,
    /// `fscal_io_f32(v: f32)`
    IoF32,
    /// `fscal_io_f64(v: f64)`
    IoF64,
    /// `fscal_io_bool(v: i8)`
    IoBool,
    /// `fscal_io_str(p: *const u8, len: i64)`
    IoStr,
    /// `fscal_io_end()`: format and write what was collected.
    IoEnd,
    /// `fscal_stop(code: i64, has_code: i8)`: flush and exit; never returns.
    Stop,
    /// `fscal_pow_i32(a: i32, b: i32) -> i32`
    PowI32,
    /// `fscal_pow_i64(a: i64, b: i64) -> i64`
    PowI64,
    /// `fscal_powi_f32(a: f32, b: i32) -> f32`
    PowiF32,
    /// `fscal_powi_f64(a: f64, b: i32) -> f64`
    PowiF64,
    /// `fscal_pow_f32(a: f32, b: f32) -> f32`
    PowF32,
    /// `fscal_pow_f64(a: f64, b: f64) -> f64`
    PowF64,
    /// Elemental math on `f32`: `fscal_<name>_f32(x: f32) -> f32`.
    MathF32(MathFn),
    /// Elemental math on `f64`: `fscal_<name>_f64(x: f64) -> f64`.
    MathF64(MathFn),
    /// `fscal_atan2_f32(y: f32, x: f32) -> f32`
    Atan2F32,
    /// `fscal_atan2_f64(y: f64, x: f64) -> f64`
    Atan2F64,
    /// `fscal_nint_f32(x: f32) -> i64`: round half away from zero.
    NintF32,
    /// `fscal_fmod_f32(a: f32, b: f32) -> f32`: C `fmodf` (exact).
    FmodF32,
    /// `fscal_fmod_f64(a: f64, b: f64) -> f64`: C `fmod` (exact).
    FmodF64,
    /// `fscal_nint_f64(x: f64) -> i64`
    NintF64,
}

/// One-argument math functions implemented in the runtime.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MathFn {
    /// `sin`
    Sin,
    /// `cos`
    Cos,
    /// `tan`
    Tan,
    /// `exp`
    Exp,
    /// `log` (natural)
    Log,
    /// `atan`
    Atan,
    /// `log10`
    Log10,
}

impl MathFn {
    /// The name used in the symbol.
    pub fn name(self) -> &'static str {
        match self {
            MathFn::Sin => "sin",
            MathFn::Cos => "cos",
            MathFn::Tan => "tan",
            MathFn::Exp => "exp",
            MathFn::Log => "log",
            MathFn::Atan => "atan",
            MathFn::Log10 => "log10",
        }
    }
    /// All of them, for symbol registration.
    pub const ALL: [MathFn; 7] = [
        MathFn::Sin,
        MathFn::Cos,
        MathFn::Tan,
        MathFn::Exp,
        MathFn::Log,
        MathFn::Atan,
        MathFn::Log10,
    ];
}

/// A C-level parameter or result type of a runtime function. Pointers are
/// passed as `I64`.
pub type CTy = ScalarTy;

impl RtFn {
    /// The symbol the runtime exports.
    pub fn symbol(self) -> String {
        use RtFn::*;
        let s = match self {
            Allocate => "fscal_allocate",
            Deallocate => "fscal_deallocate",
            BoundsPush => "fscal_bounds_push",
            TempAlloc => "fscal_temp_alloc",
            TempFree => "fscal_temp_free",
            CheckAllocated => "fscal_check_allocated",
            ErrBounds => "fscal_err_bounds",
            ErrShape => "fscal_err_shape",
            ErrZeroStep => "fscal_err_zero_step",
            ErrZeroStride => "fscal_err_zero_stride",
            ErrDivZero => "fscal_err_div_zero",
            IoBegin => "fscal_io_begin",
            IoI32 => "fscal_io_i32",
            IoI64 => "fscal_io_i64",
            IoF32 => "fscal_io_f32",
            IoF64 => "fscal_io_f64",
            IoBool => "fscal_io_bool",
            IoStr => "fscal_io_str",
            IoEnd => "fscal_io_end",
            Stop => "fscal_stop",
            PowI32 => "fscal_pow_i32",
            PowI64 => "fscal_pow_i64",
            PowiF32 => "fscal_powi_f32",
            PowiF64 => "fscal_powi_f64",
            PowF32 => "fscal_pow_f32",
            PowF64 => "fscal_pow_f64",
            MathF32(m) => return format!("fscal_{}_f32", m.name()),
            MathF64(m) => return format!("fscal_{}_f64", m.name()),
            Atan2F32 => "fscal_atan2_f32",
            Atan2F64 => "fscal_atan2_f64",
            NintF32 => "fscal_nint_f32",
            NintF64 => "fscal_nint_f64",
            FmodF32 => "fscal_fmod_f32",
            FmodF64 => "fscal_fmod_f64",
        };
        s.to_string()
    }

    /// Parameter types and result type (`None`: no result).
    pub fn signature(self) -> (Vec<CTy>, Option<CTy>) {
        use RtFn::*;
        use ScalarTy::*;
        match self {
            Allocate => (vec![I64; 8], None),
            Deallocate | CheckAllocated => (vec![I64; 5], None),
            BoundsPush => (vec![I64], None),
            TempAlloc => (vec![I64; 5], None),
            TempFree => (vec![I64], None),
            ErrBounds => (vec![I64; 8], None),
            ErrShape => (vec![I64; 5], None),
            ErrZeroStep | ErrDivZero => (vec![I64; 2], None),
            ErrZeroStride => (vec![I64; 5], None),
            IoBegin => (vec![I64; 4], None),
            IoI32 => (vec![I32], None),
            IoI64 => (vec![I64], None),
            IoF32 => (vec![F32], None),
            IoF64 => (vec![F64], None),
            IoBool => (vec![Bool], None),
            IoStr => (vec![I64, I64], None),
            IoEnd => (vec![], None),
            Stop => (vec![I64, Bool], None),
            PowI32 => (vec![I32, I32], Some(I32)),
            PowI64 => (vec![I64, I64], Some(I64)),
            PowiF32 => (vec![F32, I32], Some(F32)),
            PowiF64 => (vec![F64, I32], Some(F64)),
            PowF32 => (vec![F32, F32], Some(F32)),
            PowF64 => (vec![F64, F64], Some(F64)),
            MathF32(_) => (vec![F32], Some(F32)),
            MathF64(_) => (vec![F64], Some(F64)),
            Atan2F32 => (vec![F32, F32], Some(F32)),
            Atan2F64 => (vec![F64, F64], Some(F64)),
            NintF32 => (vec![F32], Some(I64)),
            NintF64 => (vec![F64], Some(I64)),
            FmodF32 => (vec![F32, F32], Some(F32)),
            FmodF64 => (vec![F64, F64], Some(F64)),
        }
    }

    /// True for functions that never return (error reporting, `stop`):
    /// the backend may place calls to them in cold blocks.
    pub fn diverges(self) -> bool {
        use RtFn::*;
        matches!(
            self,
            ErrBounds | ErrShape | ErrZeroStep | ErrZeroStride | ErrDivZero | Stop
        )
    }

    /// Every runtime function, for symbol registration and tests.
    pub fn all() -> Vec<RtFn> {
        use RtFn::*;
        let mut v = vec![
            Allocate,
            Deallocate,
            BoundsPush,
            TempAlloc,
            TempFree,
            CheckAllocated,
            ErrBounds,
            ErrShape,
            ErrZeroStep,
            ErrZeroStride,
            ErrDivZero,
            IoBegin,
            IoI32,
            IoI64,
            IoF32,
            IoF64,
            IoBool,
            IoStr,
            IoEnd,
            Stop,
            PowI32,
            PowI64,
            PowiF32,
            PowiF64,
            PowF32,
            PowF64,
            Atan2F32,
            Atan2F64,
            NintF32,
            NintF64,
            FmodF32,
            FmodF64,
        ];
        for m in MathFn::ALL {
            v.push(MathF32(m));
            v.push(MathF64(m));
        }
        v
    }
}

/// One whole program in loop IR.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LoopIr {
    /// Scalar locals, indexed by [`LocalId`]. All start at zero.
    pub locals: Vec<Local>,
    /// Descriptors, indexed by [`ArrayId`]. All start unallocated.
    pub arrays: Vec<ArrayDecl>,
    /// Loop facts, indexed by [`LoopId`].
    pub loops: Vec<LoopInfo>,
    /// Constant strings, indexed by [`StrId`].
    pub strings: Vec<String>,
    /// The program body. It ends by falling off the end (exit status 0).
    pub body: Vec<Stmt>,
}

impl LoopIr {
    /// Add a local and return its id.
    pub fn add_local(&mut self, name: impl Into<String>, ty: ScalarTy) -> LocalId {
        self.locals.push(Local {
            name: name.into(),
            ty,
        });
        LocalId(self.locals.len() as u32 - 1)
    }
    /// Add an array descriptor slot.
    pub fn add_array(&mut self, decl: ArrayDecl) -> ArrayId {
        self.arrays.push(decl);
        ArrayId(self.arrays.len() as u32 - 1)
    }
    /// Add a loop side-table entry.
    pub fn add_loop(&mut self, info: LoopInfo) -> LoopId {
        self.loops.push(info);
        LoopId(self.loops.len() as u32 - 1)
    }
    /// Intern a constant string.
    pub fn add_str(&mut self, s: &str) -> StrId {
        if let Some(i) = self.strings.iter().position(|x| x == s) {
            return StrId(i as u32);
        }
        self.strings.push(s.to_string());
        StrId(self.strings.len() as u32 - 1)
    }
    /// The type of an expression.
    pub fn ty(&self, e: &Expr) -> ScalarTy {
        match e {
            Expr::Const(c) => c.ty(),
            Expr::Local(l) => self.locals[l.index()].ty,
            Expr::Desc(..) | Expr::DescAddr(_) | Expr::Str(_) => ScalarTy::I64,
            Expr::Load(a) => self.arrays[a.array.index()].elem,
            Expr::Unary(_, x) => self.ty(x),
            Expr::Binary(_, a, _) => self.ty(a),
            Expr::Cmp(..) => ScalarTy::Bool,
            Expr::Convert(t, _) => *t,
            Expr::Select(_, a, _) => self.ty(a),
            Expr::Call(f, _) => f.signature().1.unwrap_or(ScalarTy::I64),
        }
    }
}

impl fmt::Display for ScalarTy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ScalarTy::I32 => "integer(4)",
            ScalarTy::I64 => "integer(8)",
            ScalarTy::F32 => "real(4)",
            ScalarTy::F64 => "real(8)",
            ScalarTy::Bool => "logical",
        })
    }
}
