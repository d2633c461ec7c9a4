//! Lowering of a whole program: symbols to locals and descriptors, and
//! statements to loop IR. Array statements go through the ss chain
//! ([`crate::ss`]) and the nest emitter ([`crate::nest`]).

mod assign;
mod scalar;
mod stmt;

pub(crate) use scalar::Ctx;

use std::collections::HashMap;

use fscal_frontend::diagnostic::line_col;
use fscal_frontend::hir::{self, Shape, Span, SymbolId, Type, Value};

use crate::ir::{
    self, ArrayDecl, ArrayId, ArrayKind, Const, DescField, Expr, LocalId, LoopIr, ScalarTy, Stmt,
};
use crate::{Config, NestReport, Scalarized};

/// The IR type of a HIR type (characters never reach the IR).
pub(crate) fn scalar_ty(t: Type) -> ScalarTy {
    match t {
        Type::Int4 => ScalarTy::I32,
        Type::Int8 => ScalarTy::I64,
        Type::Real4 => ScalarTy::F32,
        Type::Real8 => ScalarTy::F64,
        Type::Logical | Type::Char => ScalarTy::Bool,
    }
}

/// An IR constant of HIR type `t`.
pub(crate) fn constant(v: Value, t: Type) -> Expr {
    Expr::Const(match (v, scalar_ty(t)) {
        (Value::Int(i), ScalarTy::I32) => Const::I32(i as i32),
        (Value::Int(i), _) => Const::I64(i),
        (Value::Real(r), ScalarTy::F32) => Const::F32(r as f32),
        (Value::Real(r), _) => Const::F64(r),
        (Value::Logical(b), _) => Const::Bool(b),
    })
}

/// An `I64` constant.
pub(crate) fn i64c(v: i64) -> Expr {
    Expr::Const(Const::I64(v))
}

/// The lowering state for one program.
pub(crate) struct Lowerer<'a> {
    pub(crate) program: &'a hir::Program,
    source: &'a str,
    pub(crate) config: &'a Config,
    pub(crate) ir: LoopIr,
    locals: HashMap<SymbolId, LocalId>,
    arrays: HashMap<SymbolId, ArrayId>,
    loops: HashMap<hir::LoopLabel, ir::LoopId>,
    pub(crate) nests: Vec<NestReport>,
    tmp_counter: u32,
}

impl<'a> Lowerer<'a> {
    pub(crate) fn new(program: &'a hir::Program, source: &'a str, config: &'a Config) -> Self {
        Lowerer {
            program,
            source,
            config,
            ir: LoopIr::default(),
            locals: HashMap::new(),
            arrays: HashMap::new(),
            loops: HashMap::new(),
            nests: Vec::new(),
            tmp_counter: 0,
        }
    }

    pub(crate) fn run(mut self) -> Scalarized {
        let mut body = Vec::new();
        self.declare_symbols(&mut body);
        let program = self.program;
        self.block(&program.body, &mut body);
        self.ir.body = body;
        Scalarized {
            ir: self.ir,
            nests: self.nests,
        }
    }

    /// Locals for scalars, descriptors for arrays; explicit-shape arrays
    /// are allocated and initial values set at program start.
    fn declare_symbols(&mut self, out: &mut Vec<Stmt>) {
        for (i, sym) in self.program.symbols.iter().enumerate() {
            let id = SymbolId(i as u32);
            if sym.parameter.is_some() || sym.ty == Type::Char {
                continue;
            }
            match &sym.shape {
                Shape::Scalar => {
                    let local = self.ir.add_local(sym.name.clone(), scalar_ty(sym.ty));
                    self.locals.insert(id, local);
                    if let Some(v) = sym.init {
                        out.push(Stmt::Set(local, constant(v, sym.ty)));
                    }
                }
                shape => {
                    let decl = ArrayDecl {
                        name: sym.name.clone(),
                        elem: scalar_ty(sym.ty),
                        rank: shape.rank(),
                        kind: ArrayKind::User,
                    };
                    let array = self.ir.add_array(decl);
                    self.arrays.insert(id, array);
                    if let Shape::Explicit(bounds) = shape {
                        let bounds: Vec<(Expr, Expr)> = bounds
                            .iter()
                            .map(|(lo, hi)| {
                                (
                                    i64c(lo.as_int().unwrap_or(1)),
                                    i64c(hi.as_int().unwrap_or(0)),
                                )
                            })
                            .collect();
                        self.emit_allocate(array, &bounds, sym.span, out);
                    }
                }
            }
        }
    }

    /// `allocate(array(lo:hi, ...))`
    pub(crate) fn emit_allocate(
        &mut self,
        array: ArrayId,
        bounds: &[(Expr, Expr)],
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        for (lo, hi) in bounds {
            out.push(Stmt::Call(ir::RtFn::BoundsPush, vec![lo.clone()]));
            out.push(Stmt::Call(ir::RtFn::BoundsPush, vec![hi.clone()]));
        }
        let decl = &self.ir.arrays[array.index()];
        let (rank, size, name) = (decl.rank, decl.elem.size(), decl.name.clone());
        let mut args = vec![
            Expr::DescAddr(array),
            i64c(i64::from(rank)),
            i64c(size),
            i64c(0),
        ];
        args.extend(self.name_args(&name));
        args.extend(self.pos(span));
        out.push(Stmt::Call(ir::RtFn::Allocate, args));
    }

    /// `(line, col)` arguments for runtime calls.
    pub(crate) fn pos(&self, span: Span) -> [Expr; 2] {
        let (line, col) = line_col(self.source, span.start);
        [i64c(line as i64), i64c(col as i64)]
    }

    /// Source line of a span.
    pub(crate) fn line(&self, span: Span) -> usize {
        line_col(self.source, span.start).0
    }

    /// The source text of a span (for dump comments).
    pub(crate) fn text(&self, span: Span) -> String {
        let t = self.source.get(span.start..span.end).unwrap_or("");
        t.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    /// `(name pointer, name length)` arguments for runtime calls.
    pub(crate) fn name_args(&mut self, name: &str) -> [Expr; 2] {
        let id = self.ir.add_str(name);
        [Expr::Str(id), i64c(name.len() as i64)]
    }

    /// The local holding a scalar symbol.
    pub(crate) fn local(&self, sym: SymbolId) -> LocalId {
        self.locals[&sym]
    }

    /// The descriptor of an array symbol.
    pub(crate) fn array(&self, sym: SymbolId) -> ArrayId {
        self.arrays[&sym]
    }

    /// A fresh scalarizer local (`name` gets a unique suffix).
    pub(crate) fn temp_local(&mut self, name: &str, ty: ScalarTy) -> LocalId {
        self.tmp_counter += 1;
        let n = format!("{name}.{}", self.tmp_counter);
        self.ir.add_local(n, ty)
    }

    /// Evaluate `e` into a fresh local unless it is already a constant or
    /// a local; returns an expression that is cheap to repeat.
    pub(crate) fn hoist(&mut self, name: &str, e: Expr, out: &mut Vec<Stmt>) -> Expr {
        match e {
            Expr::Const(_) | Expr::Local(_) => e,
            _ => {
                let ty = self.ir.ty(&e);
                let l = self.temp_local(name, ty);
                out.push(Stmt::Set(l, e));
                Expr::Local(l)
            }
        }
    }

    /// A descriptor field: a constant for explicit-shape user arrays (their
    /// layout is fixed at compile time), a descriptor read otherwise.
    pub(crate) fn desc(&self, array: ArrayId, sym: Option<SymbolId>, field: DescField) -> Expr {
        if self.ir.arrays[array.index()].kind == ArrayKind::Temp {
            // Temporaries are zero-based and column-major.
            match field {
                DescField::Offset | DescField::LBound(_) => return i64c(0),
                DescField::Stride(0) => return i64c(1),
                _ => return Expr::Desc(array, field),
            }
        }
        if field == DescField::Stride(0)
            && sym.is_some_and(|s| self.program.symbol(s).is_allocatable())
        {
            // `fscal_allocate` lays arrays out column-major: the first
            // dimension is contiguous.
            return i64c(1);
        }
        if let Some(layout) = sym.and_then(|s| self.explicit_layout(s)) {
            return i64c(match field {
                DescField::Offset => layout.offset,
                DescField::LBound(d) => layout.bounds[d as usize].0,
                DescField::Extent(d) => {
                    let (lo, hi) = layout.bounds[d as usize];
                    (hi - lo + 1).max(0)
                }
                DescField::Stride(d) => layout.strides[d as usize],
                DescField::Base => return Expr::Desc(array, field),
            });
        }
        Expr::Desc(array, field)
    }

    /// The compile-time layout of an explicit-shape array.
    fn explicit_layout(&self, sym: SymbolId) -> Option<Layout> {
        let bounds = fscal_frontend::sema::declared_bounds(self.program.symbol(sym))?;
        let mut strides = Vec::with_capacity(bounds.len());
        let mut stride: i64 = 1;
        let mut offset: i64 = 0;
        for (lo, hi) in &bounds {
            strides.push(stride);
            offset = offset.checked_sub(lo.checked_mul(stride)?)?;
            stride = stride.checked_mul((hi - lo + 1).max(0))?;
        }
        Some(Layout {
            bounds,
            strides,
            offset,
        })
    }

    /// The IR loop for a HIR loop label.
    pub(crate) fn loop_id(&mut self, label: hir::LoopLabel) -> ir::LoopId {
        if let Some(id) = self.loops.get(&label) {
            return *id;
        }
        let id = self.ir.add_loop(ir::LoopInfo {
            origin: ir::LoopOrigin::User,
            independent: false,
            reversed: false,
        });
        self.loops.insert(label, id);
        id
    }
}

/// Bounds, strides and offset of an explicit-shape array.
struct Layout {
    bounds: Vec<(i64, i64)>,
    strides: Vec<i64>,
    offset: i64,
}
