use fscal_frontend::parser::parse;
use fscal_frontend::lexer::Lexer;
#[test]
fn scratch() {
    let src = std::env::var("SRC").unwrap();
    let src = src.replace("\\n", "\n");
    for t in Lexer::new(&src) { println!("{:?}", t); }
    match parse(&src) {
        Ok(p) => println!("{:#?}", p),
        Err(d) => for d in d { let (l,c)=fscal_frontend::diagnostic::line_col(&src, d.span.start); println!("{l}:{c} {:?} {}", d.span, d.message) },
    }
}
