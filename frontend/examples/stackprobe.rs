fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind = args[1].clone();
    let n: usize = args[2].parse().unwrap();
    let mb: usize = args[3].parse().unwrap();
    let src = match kind.as_str() {
        "abs" => format!(
            "program p\nreal :: x\nx = {}1.0{}\nend program p\n",
            "abs(".repeat(n),
            ")".repeat(n)
        ),
        "sec" => format!(
            "program p\ninteger :: a(10)\na = 1\nprint *, {}1{}\nend program p\n",
            "a(".repeat(n),
            ")".repeat(n)
        ),
        "con" => format!(
            "program p\ninteger :: a(1)\na = {}1{}\nend program p\n",
            "[".repeat(n),
            "]".repeat(n)
        ),
        "par" => format!(
            "program p\nreal :: x\nx = 1\nx = {}x{}\nend program p\n",
            "(".repeat(n),
            ")".repeat(n)
        ),
        "negpar" => format!(
            "program p\nreal :: x\nx = 1\nx = {}x{}\nend program p\n",
            "-(".repeat(n),
            ")".repeat(n)
        ),
        "do" => format!(
            "program p\ninteger :: i\n{}{}end program p\n",
            "do i = 1, 2\n".repeat(n),
            "end do\n".repeat(n)
        ),
        "if" => format!(
            "program p\nlogical :: l\nl = .true.\n{}{}end program p\n",
            "if (l) then\n".repeat(n),
            "end if\n".repeat(n)
        ),
        _ => panic!(),
    };
    let t = std::thread::Builder::new()
        .stack_size(mb << 20)
        .spawn(move || {
            if std::env::var_os("PARSE_ONLY").is_some() {
                let p = fscal_frontend::parser::parse(&src);
                if std::env::var_os("LEAK").is_some() {
                    let ok = p.is_ok();
                    std::mem::forget(p);
                    return (ok, 0, None);
                }
                return (p.is_ok(), 0, None);
            }
            let (hir, diags) = fscal_frontend::check(&src);
            (
                hir.is_some(),
                diags.len(),
                diags.first().map(|d| d.message.clone()),
            )
        })
        .unwrap();
    println!("{:?}", t.join().unwrap());
}
