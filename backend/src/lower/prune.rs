//! Dead block-parameter elimination.
//!
//! Join points carry every slot their construct assigns, whether or not
//! the value is used later: the inner DO variables of a nest, for instance,
//! are assigned inside the outer loop but dead at its header. Such
//! parameters form cycles through the loop back edges that Cranelift keeps
//! alive, so we remove them here: a parameter is live when an instruction
//! uses it as an operand, or when it is passed to a live parameter.

use cranelift_codegen::entity::{EntitySet, SecondaryMap};
use cranelift_codegen::ir::{Block, BlockArg, Function, Inst, Value, ValueDef};

/// Remove the block parameters (and the matching branch arguments) whose
/// values no instruction ever uses.
pub(super) fn prune_dead_params(func: &mut Function) {
    let preds = predecessors(func);
    let live = live_values(func, &preds);
    let blocks: Vec<Block> = func.layout.blocks().collect();
    for block in blocks {
        let params = func.dfg.block_params(block).to_vec();
        for (i, &param) in params.iter().enumerate().rev() {
            if live.contains(param) {
                continue;
            }
            for &(inst, dest) in &preds[block] {
                let dfg = &mut func.dfg;
                let calls = dfg.insts[inst]
                    .branch_destination_mut(&mut dfg.jump_tables, &mut dfg.exception_tables);
                calls[dest].remove(i, &mut dfg.value_lists);
            }
            func.dfg.remove_block_param(param);
        }
    }
}

/// For every block, the branches to it: instruction and destination index.
fn predecessors(func: &Function) -> SecondaryMap<Block, Vec<(Inst, usize)>> {
    let mut preds: SecondaryMap<Block, Vec<(Inst, usize)>> = SecondaryMap::new();
    for block in func.layout.blocks() {
        let Some(inst) = func.layout.last_inst(block) else {
            continue;
        };
        let dfg = &func.dfg;
        for (d, call) in dfg.insts[inst]
            .branch_destination(&dfg.jump_tables, &dfg.exception_tables)
            .iter()
            .enumerate()
        {
            preds[call.block(&dfg.value_lists)].push((inst, d));
        }
    }
    preds
}

/// The values some instruction uses, directly or through parameters.
fn live_values(
    func: &Function,
    preds: &SecondaryMap<Block, Vec<(Inst, usize)>>,
) -> EntitySet<Value> {
    let dfg = &func.dfg;
    let mut live = EntitySet::new();
    let mut work = Vec::new();
    for block in func.layout.blocks() {
        for inst in func.layout.block_insts(block) {
            for &v in dfg.inst_args(inst) {
                if live.insert(v) {
                    work.push(v);
                }
            }
        }
    }
    while let Some(v) = work.pop() {
        let ValueDef::Param(block, i) = dfg.value_def(v) else {
            continue;
        };
        for &(inst, d) in &preds[block] {
            let call =
                &dfg.insts[inst].branch_destination(&dfg.jump_tables, &dfg.exception_tables)[d];
            if let Some(BlockArg::Value(arg)) = call.args(&dfg.value_lists).nth(i) {
                if live.insert(arg) {
                    work.push(arg);
                }
            }
        }
    }
    live
}
