use fscal_frontend::parser::parse;
#[test]
fn deep() {
    for n in [5000usize, 10000, 50000] {
        let h = std::thread::Builder::new().stack_size(2 << 20).spawn(move || {
            let src = format!("x = {}1{}\nend\n", "(".repeat(n), ")".repeat(n));
            let p = parse(&src).is_ok();
            let src2 = format!("x = {}1\nend\n", "-".repeat(n));
            let q = parse(&src2).is_ok();
            let src3 = format!("x = {}1{}\nend\n", "[".repeat(n), "]".repeat(n));
            let r = parse(&src3).is_ok();
            (p, q, r)
        }).unwrap();
        println!("{n}: {:?}", h.join());
    }
}
