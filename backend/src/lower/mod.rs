//! Loop IR to Cranelift IR: one `FunctionBuilder` walk over the program.
//!
//! - `expr`: leaves, memory and calls;
//! - `arith`: unary, binary, comparison and conversion operators;
//! - `stmt`: statements and control flow (DO, while, if, break/continue).
//!
//! Descriptor fields are loaded with `readonly` + `can_move` flags so that
//! Cranelift hoists them out of loops and merges repeated loads. That is
//! only sound while the descriptor cannot change, so every descriptor
//! address is computed from a *version token*: a variable holding the
//! descriptor table's address, which is reloaded from an opaque memory
//! cell after each runtime call that may rewrite a descriptor (allocation
//! and deallocation). Inside a loop whose body makes such a call the token
//! becomes a block parameter of the loop header, so descriptor loads stay
//! inside that loop; loops without such calls see one token value and
//! their descriptor loads float out to the preheader.

mod arith;
mod expr;
mod stmt;

use std::borrow::Cow;
use std::collections::HashMap;

use cranelift_codegen::ir::{
    self, types, AliasRegionData, FuncRef, Function, GlobalValue, InstBuilder, MemFlagsData, Type,
    Value,
};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Variable};
use fscal_scalarizer::ir::{LoopId, LoopIr, RtFn, ScalarTy};

use crate::codegen::Imports;
use crate::error::{invalid, Result};

/// Where the program's data objects are, as global values of the function.
pub(crate) struct Storage {
    /// The descriptor table (when the program has arrays).
    pub descriptors: Option<GlobalValue>,
    /// The cell holding the descriptor table's address.
    pub cell: Option<GlobalValue>,
    /// The constant strings (when the program has any).
    pub strings: Option<GlobalValue>,
    /// Byte offset of each string within `strings`.
    pub string_offsets: Vec<i64>,
}

/// Lower the whole program into `func` (already named and with an empty
/// signature) and finalize the builder.
pub(crate) fn lower_main(
    ir: &LoopIr,
    storage: &Storage,
    imports: Imports<'_>,
    func: &mut Function,
    fctx: &mut FunctionBuilderContext,
) -> Result<()> {
    let flags = Flags::new(func);
    let b = FunctionBuilder::new(func, fctx);
    let mut lw = Lowerer {
        b,
        ir,
        storage,
        imports,
        locals: Vec::with_capacity(ir.locals.len()),
        token: None,
        funcs: HashMap::new(),
        loops: Vec::new(),
        flags,
    };
    lw.lower_entry();
    lw.lower_block(&ir.body)?;
    lw.b.ins().return_(&[]);
    let target = lw.imports.target_config();
    lw.b.finalize(target);
    Ok(())
}

/// The lowering state of one function.
pub(crate) struct Lowerer<'a, 'f> {
    b: FunctionBuilder<'f>,
    ir: &'a LoopIr,
    storage: &'a Storage,
    imports: Imports<'a>,
    /// `LoopIr::locals[i]` is `locals[i]`.
    locals: Vec<Variable>,
    /// The descriptor table's address (the version token, see the module
    /// docs); `None` when the program has no arrays.
    token: Option<Variable>,
    /// Runtime functions imported so far.
    funcs: HashMap<RtFn, FuncRef>,
    /// Enclosing loops, innermost last.
    loops: Vec<LoopTargets>,
    /// Memory flags, made once per function.
    flags: Flags,
}

/// The memory flags of the three kinds of access.
struct Flags {
    /// Descriptor fields: never trapping (the table is ours), movable and
    /// mergeable across element stores; sound across reallocation thanks
    /// to the version token (see the module docs).
    descriptor: MemFlagsData,
    /// The cell holding the table address: a plain load, so it is never
    /// merged across a call.
    cell: MemFlagsData,
    /// Array elements: naturally aligned, may trap, never aliasing
    /// descriptors.
    element: MemFlagsData,
}

impl Flags {
    fn new(func: &mut Function) -> Self {
        let mut region = |user_id, description| {
            let data = AliasRegionData { user_id, description: Cow::Borrowed(description) };
            Some(func.dfg.alias_regions.insert(data))
        };
        let descriptors = region(0, "descriptors");
        let elements = region(1, "elements");
        let trusted = MemFlagsData::trusted().with_alias_region(descriptors);
        Flags {
            descriptor: trusted.with_readonly().with_can_move(),
            cell: trusted,
            element: MemFlagsData::new().with_aligned().with_alias_region(elements),
        }
    }
}

/// Where `Break` and `Continue` of one loop go.
#[derive(Clone, Copy)]
struct LoopTargets {
    id: LoopId,
    /// The block that starts the next iteration.
    next: ir::Block,
    /// The block after the loop.
    exit: ir::Block,
}

impl Lowerer<'_, '_> {
    /// The entry block: every local defined to zero, the token to the
    /// descriptor table's address.
    fn lower_entry(&mut self) {
        let entry = self.b.create_block();
        self.b.switch_to_block(entry);
        self.b.seal_block(entry);
        for local in &self.ir.locals {
            let ty = clif_type(local.ty);
            let var = self.b.declare_var(ty);
            let zero = self.zero(ty);
            self.b.def_var(var, zero);
            self.locals.push(var);
        }
        if let Some(gv) = self.storage.descriptors {
            let var = self.b.declare_var(types::I64);
            let addr = self.b.ins().symbol_value(types::I64, gv);
            self.b.def_var(var, addr);
            self.token = Some(var);
        }
    }

    /// After a call that may rewrite descriptors, give the token a fresh
    /// value Cranelift cannot see through: a plain load from the cell.
    fn refresh_descriptors(&mut self) {
        let (Some(var), Some(cell)) = (self.token, self.storage.cell) else { return };
        let cell = self.b.ins().symbol_value(types::I64, cell);
        let addr = self.b.ins().load(types::I64, self.flags.cell, cell, 0);
        self.b.def_var(var, addr);
    }

    /// The zero of a Cranelift type.
    fn zero(&mut self, ty: Type) -> Value {
        match ty {
            types::F32 => self.b.ins().f32const(0.0),
            types::F64 => self.b.ins().f64const(0.0),
            _ => self.b.ins().iconst(ty, 0),
        }
    }

    /// The Cranelift type of a value.
    fn ty_of(&self, v: Value) -> Type {
        self.b.func.dfg.value_type(v)
    }

    /// The loop IR type of a value.
    fn scalar_of(&self, v: Value) -> ScalarTy {
        scalar_type(self.ty_of(v))
    }

    /// The variable of a local.
    fn local_var(&self, id: fscal_scalarizer::ir::LocalId) -> Result<(Variable, ScalarTy)> {
        let var = self.locals.get(id.index()).ok_or_else(|| invalid(format!("no local {id:?}")))?;
        Ok((*var, self.ir.locals[id.index()].ty))
    }

    /// The imported reference to runtime function `f`.
    fn func_ref(&mut self, f: RtFn) -> Result<FuncRef> {
        if let Some(r) = self.funcs.get(&f) {
            return Ok(*r);
        }
        let r = self.imports.import(f, self.b.func)?;
        self.funcs.insert(f, r);
        Ok(r)
    }

    /// Continue in a fresh block with no predecessors, after a terminator.
    fn start_dead_block(&mut self) {
        let block = self.b.create_block();
        self.b.switch_to_block(block);
        self.b.seal_block(block);
    }
}

/// The register type of a loop IR type.
pub(crate) fn clif_type(ty: ScalarTy) -> Type {
    match ty {
        ScalarTy::I32 => types::I32,
        ScalarTy::I64 => types::I64,
        ScalarTy::F32 => types::F32,
        ScalarTy::F64 => types::F64,
        ScalarTy::Bool => types::I8,
    }
}

/// The loop IR type of a register type (the inverse of [`clif_type`]).
fn scalar_type(ty: Type) -> ScalarTy {
    match ty {
        types::I32 => ScalarTy::I32,
        types::F32 => ScalarTy::F32,
        types::F64 => ScalarTy::F64,
        types::I8 => ScalarTy::Bool,
        _ => ScalarTy::I64,
    }
}

/// Runtime functions that may rewrite a descriptor.
fn rewrites_descriptors(f: RtFn) -> bool {
    matches!(f, RtFn::Allocate | RtFn::Deallocate | RtFn::TempAlloc | RtFn::TempFree)
}
