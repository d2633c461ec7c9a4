//! The Cranelift side: ISA and module set-up, data objects, compiling the
//! lowered function, and the [`Kernel`] that owns the result.
//!
//! Storage lives in module data objects rather than at baked-in host
//! addresses, so the emitted CLIF is the same from run to run:
//! - `fscal_descriptors`: one zero-initialised [`Descriptor`] per
//!   `LoopIr::arrays` entry (writable);
//! - `fscal_descriptors_ptr`: one pointer-sized cell holding the address of
//!   `fscal_descriptors`, reloaded after every runtime call that may
//!   rewrite a descriptor (see `lower::Lowerer::refresh_descriptors`);
//! - `fscal_strings`: the bytes of `LoopIr::strings`, back to back
//!   (read-only).
//!
//! The data objects are addressed with absolute 64-bit relocations: the JIT
//! places code and data in separate mappings that need not lie within
//! 2 GiB of each other.

use std::collections::HashSet;

use cranelift_codegen::ir::{
    types, AbiParam, Function, GlobalValue, GlobalValueData, Signature, UserFuncName,
};
use cranelift_codegen::isa::OwnedTargetIsa;
use cranelift_codegen::settings::{self, Configurable};
use cranelift_codegen::Context;
use cranelift_frontend::FunctionBuilderContext;
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{default_libcall_names, DataDescription, DataId, FuncId, Linkage, Module};
use fscal_runtime::Descriptor;
use fscal_scalarizer::ir::{ArrayId, LoopIr, RtFn, ScalarTy};

use crate::error::Result;
use crate::lower::{self, Storage};
use crate::{BackendError, Config, OptLevel};

/// A compiled program, ready to run. Owns the machine code and all the
/// memory the code refers to; dropping it frees them.
pub struct Kernel {
    /// `Some` until dropped.
    module: Option<JITModule>,
    main: *const u8,
    descriptors: *mut Descriptor,
    n_descriptors: usize,
}

// SAFETY: the raw pointers point into memory owned by `module`, which moves
// with the kernel; `JITModule` itself is `Send`. `Kernel` is not `Sync`, so
// `run` is never entered from two threads at once.
unsafe impl Send for Kernel {}

impl Kernel {
    /// Run the program: reset every descriptor to unallocated, then call
    /// the compiled `main`. Arrays still allocated by an earlier run are
    /// leaked, not freed.
    pub fn run(&self) {
        // SAFETY: `descriptors` points at `n_descriptors` writable,
        // 8-aligned descriptors owned by the module; no compiled code runs
        // while we write them (the kernel is not `Sync`).
        unsafe { std::ptr::write_bytes(self.descriptors, 0, self.n_descriptors) };
        // SAFETY: `main` is the finalized address of a function with the
        // signature `extern "C" fn()` (no parameters or results, the host's
        // default calling convention), alive as long as `self.module`.
        let main: extern "C" fn() = unsafe { std::mem::transmute(self.main) };
        main();
    }

    /// A copy of array `id`'s descriptor as the last run left it.
    pub fn descriptor(&self, id: ArrayId) -> Option<Descriptor> {
        if id.index() >= self.n_descriptors {
            return None;
        }
        // SAFETY: the index is in bounds of the descriptor table, which
        // lives as long as `self`; no compiled code runs concurrently.
        Some(unsafe { self.descriptors.add(id.index()).read() })
    }
}

impl Drop for Kernel {
    fn drop(&mut self) {
        if let Some(module) = self.module.take() {
            // SAFETY: no code of this module is running (we hold the only
            // handle to it) and its function pointer dies with `self`.
            unsafe { module.free_memory() };
        }
    }
}

/// Build, verify, compile and finalize the program.
pub(crate) fn compile(ir: &LoopIr, config: &Config) -> Result<Kernel> {
    let mut cg = Codegen::new(config)?;
    match cg.define_program(ir, config) {
        Ok((main, descriptors)) => Ok(Kernel {
            module: Some(cg.module),
            main,
            descriptors,
            n_descriptors: ir.arrays.len(),
        }),
        Err(e) => {
            // SAFETY: nothing from this module has run or escaped.
            unsafe { cg.module.free_memory() };
            Err(e)
        }
    }
}

/// Build and verify the program, optionally run Cranelift's mid-end on
/// it; return its CLIF text.
pub(crate) fn emit_clif(ir: &LoopIr, config: &Config, optimize: bool) -> Result<String> {
    let mut cg = Codegen::new(config)?;
    let data = cg.declare_data(ir, false)?;
    cg.build_main(ir, &data, config)?;
    if optimize {
        let mut ctrl = cranelift_codegen::control::ControlPlane::default();
        cg.ctx
            .optimize(cg.module.isa(), &mut ctrl)
            .map_err(|e| BackendError::Module(Box::new(e.into())))?;
    }
    Ok(cg.ctx.func.display().to_string())
}

/// The module plus reusable contexts.
struct Codegen {
    module: JITModule,
    ctx: Context,
    fctx: FunctionBuilderContext,
    /// Names of the symbols `fscal_runtime::symbols()` registered.
    provided: HashSet<&'static str>,
}

/// The data objects of one program.
struct DataIds {
    descriptors: Option<DataId>,
    cell: Option<DataId>,
    strings: Option<DataId>,
}

impl Codegen {
    /// Define the data objects and `main`, finalize, and return the
    /// addresses of `main` and of the descriptor table.
    fn define_program(
        &mut self,
        ir: &LoopIr,
        config: &Config,
    ) -> Result<(*const u8, *mut Descriptor)> {
        let data = self.declare_data(ir, true)?;
        let main = self.build_main(ir, &data, config)?;
        self.module.define_function(main, &mut self.ctx)?;
        self.module.clear_context(&mut self.ctx);
        self.module.finalize_definitions()?;
        let descriptors = match data.descriptors {
            Some(id) => self.module.get_finalized_data(id).0 as *mut Descriptor,
            None => std::ptr::NonNull::dangling().as_ptr(),
        };
        Ok((self.module.get_finalized_function(main), descriptors))
    }

    fn new(config: &Config) -> Result<Self> {
        let mut builder = JITBuilder::with_isa(host_isa(config)?, default_libcall_names());
        let mut provided = HashSet::new();
        for (name, ptr) in fscal_runtime::symbols() {
            builder.symbol(name, ptr);
            provided.insert(name);
        }
        let module = JITModule::new(builder);
        let ctx = module.make_context();
        Ok(Codegen {
            module,
            ctx,
            fctx: FunctionBuilderContext::new(),
            provided,
        })
    }

    /// Declare the data objects; with `define`, also give them contents.
    fn declare_data(&mut self, ir: &LoopIr, define: bool) -> Result<DataIds> {
        let mut ids = DataIds {
            descriptors: None,
            cell: None,
            strings: None,
        };
        if !ir.arrays.is_empty() {
            let descs =
                self.module
                    .declare_data("fscal_descriptors", Linkage::Export, true, false)?;
            let cell =
                self.module
                    .declare_data("fscal_descriptors_ptr", Linkage::Export, false, false)?;
            if define {
                let mut desc = DataDescription::new();
                desc.define_zeroinit(ir.arrays.len() * size_of::<Descriptor>());
                desc.set_align(align_of::<Descriptor>() as u64);
                self.module.define_data(descs, &desc)?;
                let mut desc = DataDescription::new();
                desc.define_zeroinit(size_of::<usize>());
                desc.set_align(8);
                let gv = self.module.declare_data_in_data(descs, &mut desc);
                desc.write_data_addr(0, gv, 0);
                self.module.define_data(cell, &desc)?;
            }
            ids.descriptors = Some(descs);
            ids.cell = Some(cell);
        }
        if !ir.strings.is_empty() {
            let strs = self
                .module
                .declare_data("fscal_strings", Linkage::Export, false, false)?;
            if define {
                let mut bytes: Vec<u8> = ir.strings.iter().flat_map(|s| s.bytes()).collect();
                // A data object may not be empty; a NUL also ends the last
                // string for anyone reading it as C.
                bytes.push(0);
                let mut desc = DataDescription::new();
                desc.define(bytes.into_boxed_slice());
                self.module.define_data(strs, &desc)?;
            }
            ids.strings = Some(strs);
        }
        Ok(ids)
    }

    /// Declare `main`, lower the program into `self.ctx.func` and verify it.
    fn build_main(&mut self, ir: &LoopIr, data: &DataIds, config: &Config) -> Result<FuncId> {
        self.module.clear_context(&mut self.ctx);
        let sig = self.module.make_signature();
        let main = self
            .module
            .declare_function("main", Linkage::Export, &sig)?;
        self.ctx.func.name = UserFuncName::user(0, main.as_u32());
        let func = &mut self.ctx.func;
        let mut far = |id: Option<DataId>| id.map(|id| far_data(&self.module, id, func));
        let storage = Storage {
            descriptors: far(data.descriptors),
            cell: far(data.cell),
            strings: far(data.strings),
            string_offsets: string_offsets(ir),
        };
        let imports = Imports {
            module: &mut self.module,
            provided: &self.provided,
        };
        lower::lower_main(ir, &storage, imports, &mut self.ctx.func, &mut self.fctx)?;
        if config.verify {
            let flags = self.module.isa().flags().clone();
            cranelift_codegen::verify_function(&self.ctx.func, &flags).map_err(|errors| {
                let clif = cranelift_codegen::print_errors::pretty_verifier_error(
                    &self.ctx.func,
                    None,
                    errors,
                );
                BackendError::Verifier { clif }
            })?;
        }
        Ok(main)
    }
}

/// Import data object `id` into `func`, addressed with an absolute
/// relocation: the JIT does not keep data within 2 GiB of code, so the
/// PC-relative form Cranelift picks for "colocated" symbols could overflow.
fn far_data(module: &JITModule, id: DataId, func: &mut Function) -> GlobalValue {
    let gv = module.declare_data_in_func(id, func);
    if let GlobalValueData::Symbol { colocated, .. } = &mut func.global_values[gv] {
        *colocated = false;
    }
    gv
}

/// Byte offset of every string in `fscal_strings`.
fn string_offsets(ir: &LoopIr) -> Vec<i64> {
    let mut at = 0i64;
    ir.strings
        .iter()
        .map(|s| {
            let here = at;
            at += s.len() as i64;
            here
        })
        .collect()
}

/// The host ISA with fscal's settings.
fn host_isa(config: &Config) -> Result<OwnedTargetIsa> {
    let mut flags = settings::builder();
    let opt = match config.opt_level {
        OptLevel::None => "none",
        OptLevel::Speed => "speed",
    };
    flags.set("opt_level", opt)?;
    flags.set("is_pic", "false")?;
    // Long-range relocations only: see the module docs.
    flags.set("use_colocated_libcalls", "false")?;
    // We verify once before compiling; re-verifying after every pass is
    // only worth its cost while developing the backend.
    flags.set(
        "enable_verifier",
        if cfg!(debug_assertions) {
            "true"
        } else {
            "false"
        },
    )?;
    let isa = cranelift_native::builder().map_err(|msg| BackendError::Host(msg.to_string()))?;
    isa.finish(settings::Flags::new(flags))
        .map_err(|e| BackendError::Host(e.to_string()))
}

/// Access to the module for declaring runtime functions during lowering.
pub(crate) struct Imports<'a> {
    module: &'a mut JITModule,
    provided: &'a HashSet<&'static str>,
}

impl Imports<'_> {
    /// The target's pointer width and calling convention.
    pub(crate) fn target_config(&self) -> cranelift_codegen::isa::TargetFrontendConfig {
        self.module.target_config()
    }

    /// Declare runtime function `f` in the module (idempotent) and import
    /// it into `func`.
    pub(crate) fn import(
        &mut self,
        f: RtFn,
        func: &mut cranelift_codegen::ir::Function,
    ) -> Result<cranelift_codegen::ir::FuncRef> {
        let name = f.symbol();
        if !self.provided.contains(name.as_str()) {
            return Err(BackendError::MissingSymbol(name));
        }
        let sig = runtime_signature(self.module.make_signature(), f);
        let id = self.module.declare_function(&name, Linkage::Import, &sig)?;
        Ok(self.module.declare_func_in_func(id, func))
    }
}

/// The Cranelift signature of runtime function `f`, starting from the
/// module's empty default-convention signature `sig`.
pub(crate) fn runtime_signature(mut sig: Signature, f: RtFn) -> Signature {
    let (params, result) = f.signature();
    sig.params.extend(params.into_iter().map(abi_param));
    sig.returns.extend(result.map(abi_param));
    sig
}

/// A C-level parameter: `Bool` is a C `int8_t` holding 0/1, zero-extended
/// as the C ABIs expect of small integers.
fn abi_param(ty: ScalarTy) -> AbiParam {
    match ty {
        ScalarTy::I32 => AbiParam::new(types::I32),
        ScalarTy::I64 => AbiParam::new(types::I64),
        ScalarTy::F32 => AbiParam::new(types::F32),
        ScalarTy::F64 => AbiParam::new(types::F64),
        ScalarTy::Bool => AbiParam::new(types::I8).uext(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every runtime function is registered and declares cleanly.
    #[test]
    fn every_runtime_function_declares() {
        let mut cg = Codegen::new(&Config::default()).unwrap();
        let mut imports = Imports {
            module: &mut cg.module,
            provided: &cg.provided,
        };
        for f in RtFn::all() {
            imports
                .import(f, &mut cg.ctx.func)
                .unwrap_or_else(|e| panic!("{f:?}: {e}"));
        }
    }

    #[test]
    fn bool_parameters_are_bytes() {
        let sig = runtime_signature(
            Signature::new(cranelift_codegen::isa::CallConv::SystemV),
            RtFn::Stop,
        );
        assert_eq!(sig.params[1].value_type, types::I8);
        assert!(sig.returns.is_empty());
    }
}
