//! Building HIR by hand, tersely.

use fscal_frontend::hir::*;

use crate::reference::{run_with_state, Limits, Outcome, State, Value as V};

/// Symbols and loop labels of a program under construction.
#[derive(Default)]
pub struct B {
    syms: Vec<Symbol>,
    loops: u32,
}

fn sp() -> Span {
    Span::default()
}

impl B {
    pub fn new() -> B {
        B::default()
    }

    fn add(&mut self, name: &str, ty: Type, shape: Shape) -> SymbolId {
        let span = Span::new(1000 + self.syms.len(), 1001 + self.syms.len());
        self.syms.push(Symbol {
            name: name.into(),
            ty,
            shape,
            parameter: None,
            init: None,
            span,
        });
        SymbolId(self.syms.len() as u32 - 1)
    }

    pub fn scalar(&mut self, name: &str, ty: Type) -> SymbolId {
        self.add(name, ty, Shape::Scalar)
    }

    pub fn array(&mut self, name: &str, ty: Type, bounds: &[(i64, i64)]) -> SymbolId {
        let dims = bounds.iter().map(|&(l, u)| (i4(l), i4(u))).collect();
        self.add(name, ty, Shape::Explicit(dims))
    }

    pub fn alloc(&mut self, name: &str, ty: Type, rank: u8) -> SymbolId {
        self.add(name, ty, Shape::Deferred(rank))
    }

    pub fn set_init(&mut self, sym: SymbolId, v: Value) {
        self.syms[sym.index()].init = Some(v);
    }

    pub fn label(&mut self) -> LoopLabel {
        self.loops += 1;
        LoopLabel(self.loops - 1)
    }

    /// A scalar variable or whole array.
    pub fn var(&self, sym: SymbolId) -> Expr {
        let s = &self.syms[sym.index()];
        Expr {
            kind: ExprKind::Var(sym),
            ty: s.ty,
            rank: s.shape.rank(),
            span: sp(),
        }
    }

    /// An element `a(i, j, ...)`.
    pub fn elem(&self, sym: SymbolId, idx: Vec<Expr>) -> Expr {
        self.sec(sym, idx.into_iter().map(Subscript::Scalar).collect())
    }

    /// A section (rank = number of non-scalar subscripts).
    pub fn sec(&self, sym: SymbolId, subs: Vec<Subscript>) -> Expr {
        let rank = subs
            .iter()
            .filter(|s| !matches!(s, Subscript::Scalar(_)))
            .count() as u8;
        let ty = self.syms[sym.index()].ty;
        Expr {
            kind: ExprKind::Section { array: sym, subs },
            ty,
            rank,
            span: sp(),
        }
    }

    pub fn program(&self, body: Vec<Stmt>) -> Program {
        Program {
            name: "t".into(),
            symbols: self.syms.clone(),
            body,
            loops: self.loops,
        }
    }
}

pub fn lit(v: Value, ty: Type) -> Expr {
    Expr::constant(v, ty, sp())
}
pub fn i4(v: i64) -> Expr {
    lit(Value::Int(v), Type::Int4)
}
pub fn i8(v: i64) -> Expr {
    lit(Value::Int(v), Type::Int8)
}
pub fn r4(v: f32) -> Expr {
    lit(Value::Real(v as f64), Type::Real4)
}
pub fn r8(v: f64) -> Expr {
    lit(Value::Real(v), Type::Real8)
}
pub fn lg(v: bool) -> Expr {
    lit(Value::Logical(v), Type::Logical)
}
pub fn string(s: &str) -> Expr {
    Expr {
        kind: ExprKind::Str(s.into()),
        ty: Type::Char,
        rank: 0,
        span: sp(),
    }
}

/// Give an expression a span.
pub fn at(mut e: Expr, start: usize, end: usize) -> Expr {
    e.span = Span::new(start, end);
    e
}

/// A scalar subscript.
pub fn s(e: Expr) -> Subscript {
    Subscript::Scalar(e)
}
/// A triplet of `integer(8)` constants.
pub fn tri(lo: Option<i64>, hi: Option<i64>, stride: Option<i64>) -> Subscript {
    Subscript::Triplet {
        lo: lo.map(i8),
        hi: hi.map(i8),
        stride: stride.map(i8),
    }
}
/// `:`
pub fn all() -> Subscript {
    tri(None, None, None)
}
pub fn vsub(e: Expr) -> Subscript {
    Subscript::Vector(e)
}

pub fn bin(op: BinaryOp, l: Expr, r: Expr) -> Expr {
    use BinaryOp::*;
    let ty = if op.is_comparison() || matches!(op, And | Or | Eqv | Neqv) {
        Type::Logical
    } else {
        l.ty
    };
    let rank = l.rank.max(r.rank);
    Expr {
        kind: ExprKind::Binary(op, Box::new(l), Box::new(r)),
        ty,
        rank,
        span: sp(),
    }
}
pub fn add(l: Expr, r: Expr) -> Expr {
    bin(BinaryOp::Add, l, r)
}
pub fn mul(l: Expr, r: Expr) -> Expr {
    bin(BinaryOp::Mul, l, r)
}
pub fn un(op: UnaryOp, x: Expr) -> Expr {
    let (ty, rank) = (x.ty, x.rank);
    Expr {
        kind: ExprKind::Unary(op, Box::new(x)),
        ty,
        rank,
        span: sp(),
    }
}
pub fn conv(x: Expr, ty: Type) -> Expr {
    let rank = x.rank;
    Expr {
        kind: ExprKind::Convert(Box::new(x)),
        ty,
        rank,
        span: sp(),
    }
}
pub fn call(which: Intrinsic, args: Vec<Expr>, ty: Type) -> Expr {
    let rank = args.iter().map(|a| a.rank).max().unwrap_or(0);
    Expr {
        kind: ExprKind::Intrinsic(which, args),
        ty,
        rank,
        span: sp(),
    }
}
pub fn inq(which: Inquiry, arg: Expr, dim: Option<Expr>) -> Expr {
    let rank = u8::from(dim.is_none() && which != Inquiry::Size);
    let kind = ExprKind::Inquiry {
        which,
        arg: Box::new(arg),
        dim: dim.map(Box::new),
    };
    Expr {
        kind,
        ty: Type::Int4,
        rank,
        span: sp(),
    }
}
pub fn ctor(items: Vec<AcItem>, ty: Type) -> Expr {
    Expr {
        kind: ExprKind::Constructor(items),
        ty,
        rank: 1,
        span: sp(),
    }
}
pub fn item(e: Expr) -> AcItem {
    AcItem::Expr(e)
}
pub fn ido(
    var: SymbolId,
    start: Expr,
    end: Expr,
    step: Option<Expr>,
    items: Vec<AcItem>,
) -> AcItem {
    AcItem::ImpliedDo {
        var,
        start,
        end,
        step,
        items,
    }
}
/// `[a, b, ...]` of `integer(4)` constants.
pub fn ivec(vals: &[i64]) -> Expr {
    ctor(vals.iter().map(|&v| item(i4(v))).collect(), Type::Int4)
}

pub fn st(kind: StmtKind) -> Stmt {
    Stmt { kind, span: sp() }
}
pub fn st_at(kind: StmtKind, start: usize, end: usize) -> Stmt {
    Stmt {
        kind,
        span: Span::new(start, end),
    }
}
pub fn assign(lhs: Expr, rhs: Expr) -> Stmt {
    st(StmtKind::Assign { lhs, rhs })
}
pub fn print(items: Vec<Expr>) -> Stmt {
    st(StmtKind::Print {
        format: Format::List,
        items,
    })
}
pub fn do_(
    label: LoopLabel,
    var: SymbolId,
    start: Expr,
    end: Expr,
    step: Option<Expr>,
    body: Vec<Stmt>,
) -> Stmt {
    st(StmtKind::Do {
        label,
        var,
        start,
        end,
        step,
        body,
    })
}
pub fn if_(cond: Expr, then: Vec<Stmt>, else_body: Vec<Stmt>) -> Stmt {
    st(StmtKind::If {
        arms: vec![(cond, then)],
        else_body,
    })
}

/// Run and assert success.
pub fn run_ok(p: &Program) -> (Outcome, State) {
    let (out, state) = run_with_state(p, &Limits::default());
    assert_eq!(
        out.error, None,
        "unexpected error; output so far:\n{}",
        out.output
    );
    (out, state)
}

/// Run and return the error message and span, asserting failure.
pub fn run_err(p: &Program) -> (String, Span, Outcome) {
    let (out, _) = run_with_state(p, &Limits::default());
    let e = out.error.clone().expect("expected a run-time error");
    (e.message, e.span, out)
}

/// Integer view of a value.
pub fn int_of(v: V) -> i64 {
    v.as_i64().expect("integer value")
}

/// The final elements of an integer array.
pub fn ints(state: &State, sym: SymbolId) -> Vec<i64> {
    state
        .array_values(sym)
        .expect("allocated array")
        .into_iter()
        .map(int_of)
        .collect()
}

/// The final value of a scalar.
pub fn scalar(state: &State, sym: SymbolId) -> V {
    state.scalar(sym).expect("scalar")
}

/// Evaluate one scalar expression of type `ty` by assigning it to a
/// variable.
pub fn eval1(e: Expr) -> V {
    let mut b = B::new();
    let x = b.scalar("x", e.ty);
    let p = b.program(vec![assign(lit_var(x, e.ty), e)]);
    let (_, state) = run_ok(&p);
    scalar(&state, x)
}

/// Evaluate one expression expecting a run-time error.
pub fn eval1_err(e: Expr) -> String {
    let mut b = B::new();
    let x = b.scalar("x", e.ty);
    let p = b.program(vec![assign(lit_var(x, e.ty), e)]);
    run_err(&p).0
}

fn lit_var(sym: SymbolId, ty: Type) -> Expr {
    Expr {
        kind: ExprKind::Var(sym),
        ty,
        rank: 0,
        span: sp(),
    }
}
