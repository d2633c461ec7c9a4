mod common;
use common::*;
use fscal_backend::{compile, Config, OptLevel};
use fscal_scalarizer::ir::*;
#[test]
fn scale() {
    for depth in [50, 100, 200, 400] {
      for opt_level in [OptLevel::None, OptLevel::Speed] {
        let mut ir = LoopIr::default();
        let n = ir.add_local("n", ScalarTy::I64);
        let mut body = vec![add_to(n, i64c(1))];
        for d in 0..depth {
            let var = ir.add_local(format!("i{d}"), ScalarTy::I32);
            let l = user_loop(&mut ir);
            body = vec![do_loop(l, var, i32c(1), i32c(1), i32c(1), body)];
        }
        ir.body.extend(body);
        let t = std::time::Instant::now();
        let _k = compile(&ir, &Config { opt_level, ..Config::default() }).unwrap();
        println!("depth {depth} {opt_level:?}: {:?}", t.elapsed());
      }
    }
}
