//! Loop IR to Cranelift IR: one `FunctionBuilder` walk over the program.
//!
//! - `expr`: leaves, memory and calls;
//! - `arith`: unary, binary, comparison and conversion operators;
//! - `stmt`: plain statements and `if`;
//! - `loops`: DO and while loops, `Break` and `Continue`;
//! - `carried`: which slots a statement list assigns;
//! - `prune`: removal of block parameters whose values are never used.
//!
//! **SSA by structure.** The loop IR is structured (no goto), so we build
//! SSA form directly instead of going through the frontend's `Variable`s:
//! the environment `env` holds the current value of every *slot* (each
//! local, plus the descriptor token below), and every join point (loop
//! header, latch, exit, if merge) gets one block parameter per slot that
//! the construct assigns somewhere inside it. Slots a loop does not assign
//! keep their dominating value from before the loop. This gives minimal
//! block parameters in nested loops, where the frontend's on-the-fly
//! construction leaves redundant parameters that Cranelift does not remove
//! (and whose number grows with the square of the nesting depth). Slots
//! that are assigned but dead at a join are dropped afterwards by `prune`.
//! Since no `Variable` is used, sealing is irrelevant; all blocks are
//! sealed at the end.
//!
//! **Descriptor loads** carry `readonly` + `can_move` so that Cranelift
//! hoists them out of loops and merges repeated loads. That is only sound
//! while the descriptor cannot change, so every descriptor address is
//! computed from a *version token*: a slot holding the descriptor table's
//! address, reloaded from an opaque memory cell after each runtime call
//! that may rewrite a descriptor (allocation and deallocation). A loop whose
//! body makes such a call carries the token as a block parameter, so its
//! descriptor loads stay inside it; other loops see one token value and
//! their descriptor loads float out to the preheader.

mod arith;
mod carried;
mod expr;
mod loops;
mod prune;
mod stmt;

use std::borrow::Cow;
use std::collections::HashMap;

use cranelift_codegen::ir::{
    types, AliasRegionData, Block, BlockArg, FuncRef, Function, GlobalValue, InstBuilder,
    MemFlagsData, Type, Value,
};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use fscal_scalarizer::ir::{LocalId, LoopIr, RtFn, ScalarTy};

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
    let mut slot_types: Vec<Type> = ir.locals.iter().map(|l| clif_type(l.ty)).collect();
    let token = storage.descriptors.map(|_| {
        slot_types.push(types::I64);
        slot_types.len() - 1
    });
    let mut lw = Lowerer {
        b: FunctionBuilder::new(func, fctx),
        ir,
        storage,
        imports,
        env: Vec::with_capacity(slot_types.len()),
        slot_types,
        token,
        funcs: HashMap::new(),
        loops: Vec::new(),
        marks: carried::Marks::default(),
        flags,
    };
    lw.lower_entry();
    lw.lower_block(&ir.body)?;
    lw.b.ins().return_(&[]);
    lw.b.seal_all_blocks();
    let target = lw.imports.target_config();
    lw.b.finalize(target);
    prune::prune_dead_params(func);
    Ok(())
}

/// The lowering state of one function.
pub(crate) struct Lowerer<'a, 'f> {
    b: FunctionBuilder<'f>,
    ir: &'a LoopIr,
    storage: &'a Storage,
    imports: Imports<'a>,
    /// The current value of every slot: `LoopIr::locals`, then the token.
    env: Vec<Value>,
    /// The register type of every slot.
    slot_types: Vec<Type>,
    /// The slot of the descriptor version token (see the module docs);
    /// `None` when the program has no arrays.
    token: Option<usize>,
    /// Runtime functions imported so far.
    funcs: HashMap<RtFn, FuncRef>,
    /// Enclosing loops, innermost last.
    loops: Vec<loops::LoopTargets>,
    /// Scratch space for computing assigned slots.
    marks: carried::Marks,
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
            let data = AliasRegionData {
                user_id,
                description: Cow::Borrowed(description),
            };
            Some(func.dfg.alias_regions.insert(data))
        };
        let descriptors = region(0, "descriptors");
        let elements = region(1, "elements");
        let trusted = MemFlagsData::trusted().with_alias_region(descriptors);
        Flags {
            descriptor: trusted.with_readonly().with_can_move(),
            cell: trusted,
            element: MemFlagsData::new()
                .with_aligned()
                .with_alias_region(elements),
        }
    }
}

impl Lowerer<'_, '_> {
    /// The entry block: every local starts at zero, the token at the
    /// descriptor table's address.
    fn lower_entry(&mut self) {
        let entry = self.b.create_block();
        self.b.switch_to_block(entry);
        for i in 0..self.slot_types.len() {
            let zero = self.zero(self.slot_types[i]);
            self.env.push(zero);
        }
        if let (Some(slot), Some(gv)) = (self.token, self.storage.descriptors) {
            self.env[slot] = self.b.ins().symbol_value(types::I64, gv);
        }
    }

    /// After a call that may rewrite descriptors, give the token a fresh
    /// value Cranelift cannot see through: a plain load from the cell.
    fn refresh_descriptors(&mut self) {
        let (Some(slot), Some(cell)) = (self.token, self.storage.cell) else {
            return;
        };
        let cell = self.b.ins().symbol_value(types::I64, cell);
        self.env[slot] = self.b.ins().load(types::I64, self.flags.cell, cell, 0);
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

    /// The slot of a local, and its type.
    fn local_slot(&self, id: LocalId) -> Result<(usize, ScalarTy)> {
        let local = self
            .ir
            .locals
            .get(id.index())
            .ok_or_else(|| invalid(format!("no local {id:?}")))?;
        Ok((id.index(), local.ty))
    }

    /// The current values of `slots`, as branch arguments.
    fn slot_args(&self, slots: &[usize]) -> Vec<BlockArg> {
        slots
            .iter()
            .map(|&s| BlockArg::Value(self.env[s]))
            .collect()
    }

    /// A new block with one parameter per slot in `slots`.
    fn block_with_slots(&mut self, slots: &[usize]) -> Block {
        let block = self.b.create_block();
        for &s in slots {
            self.b.append_block_param(block, self.slot_types[s]);
        }
        block
    }

    /// Switch to `block` and make its first `slots.len()` parameters the
    /// current values of `slots`.
    fn enter_with_slots(&mut self, block: Block, slots: &[usize]) {
        self.b.switch_to_block(block);
        for (i, &s) in slots.iter().enumerate() {
            self.env[s] = self.b.block_params(block)[i];
        }
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
    /// Code placed there is dead and removed by Cranelift.
    fn start_dead_block(&mut self) {
        let block = self.b.create_block();
        self.b.switch_to_block(block);
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
    matches!(
        f,
        RtFn::Allocate | RtFn::Deallocate | RtFn::TempAlloc | RtFn::TempFree
    )
}
