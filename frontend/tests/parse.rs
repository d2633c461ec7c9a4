//! Parser tests: each parses a small source and compares a compact
//! rendering of the AST (or of the diagnostics) with the expected text.

use fscal_frontend::ast::*;
use fscal_frontend::diagnostic::line_col;
use fscal_frontend::parser::parse;

// ---- Rendering -------------------------------------------------------------

/// The program as one line per declaration or statement, blocks indented.
fn render(program: &Program) -> String {
    let mut out = String::new();
    if let Some(name) = &program.name {
        out += &format!("program {}\n", name.name);
    }
    for decl in &program.decls {
        out += &render_decl(decl);
        out.push('\n');
    }
    render_block(&program.body, 0, &mut out);
    out
}

fn render_decl(decl: &Decl) -> String {
    let Decl::Var {
        ty,
        attrs,
        entities,
        ..
    } = decl
    else {
        return "implicit none".to_string();
    };
    let mut out = render_type(ty);
    for attr in attrs {
        out += &match attr {
            Attr::Dimension(dims, _) => format!(", dimension({})", render_dims(dims)),
            Attr::Parameter(_) => ", parameter".to_string(),
            Attr::Allocatable(_) => ", allocatable".to_string(),
            Attr::Other(name) => format!(", other {}", name.name),
        };
    }
    let entities: Vec<String> = entities.iter().map(render_entity).collect();
    format!("{out} :: {}", entities.join(", "))
}

fn render_type(ty: &TypeSpec) -> String {
    let base = format!("{:?}", ty.base).to_lowercase();
    match &ty.kind {
        Some(kind) => format!("{base}({})", render_expr(kind)),
        None => base,
    }
}

fn render_entity(entity: &Entity) -> String {
    let mut out = entity.name.name.clone();
    if let Some(dims) = &entity.dims {
        out += &format!("({})", render_dims(dims));
    }
    if let Some(init) = &entity.init {
        out += &format!(" = {}", render_expr(init));
    }
    out
}

fn render_dims(dims: &[DimSpec]) -> String {
    let dims: Vec<String> = dims
        .iter()
        .map(|dim| match dim {
            DimSpec::Explicit {
                lower: Some(lower),
                upper,
            } => {
                format!("{}:{}", render_expr(lower), render_expr(upper))
            }
            DimSpec::Explicit { lower: None, upper } => render_expr(upper),
            DimSpec::Deferred(_) => ":".to_string(),
            DimSpec::Invalid(_) => "?".to_string(),
        })
        .collect();
    dims.join(", ")
}

fn render_block(stmts: &[Stmt], depth: usize, out: &mut String) {
    for stmt in stmts {
        render_stmt(stmt, depth, out);
    }
}

fn line(depth: usize, text: impl AsRef<str>, out: &mut String) {
    *out += &"  ".repeat(depth);
    *out += text.as_ref();
    out.push('\n');
}

fn label(label: &Option<Ident>) -> String {
    label
        .as_ref()
        .map_or(String::new(), |l| format!("{}: ", l.name))
}

fn render_stmt(stmt: &Stmt, depth: usize, out: &mut String) {
    match &stmt.kind {
        StmtKind::Assign { lhs, rhs } => line(
            depth,
            format!("{} = {}", render_expr(lhs), render_expr(rhs)),
            out,
        ),
        StmtKind::Print { format, items } => {
            let format = match format {
                FormatSpec::List => "*".to_string(),
                FormatSpec::Expr(e) => render_expr(e),
            };
            let items: Vec<String> = items.iter().map(render_expr).collect();
            line(depth, format!("print {format}; {}", items.join(", ")), out)
        }
        StmtKind::If { arms, else_body } => {
            for (i, (cond, body)) in arms.iter().enumerate() {
                let keyword = if i == 0 { "if" } else { "else if" };
                line(depth, format!("{keyword} {}", render_expr(cond)), out);
                render_block(body, depth + 1, out);
            }
            if let Some(body) = else_body {
                line(depth, "else", out);
                render_block(body, depth + 1, out);
            }
            line(depth, "end if", out);
        }
        StmtKind::Do {
            label: l,
            control,
            body,
        } => {
            let control = control.as_ref().map_or(String::new(), |c| {
                let step = c
                    .step
                    .as_ref()
                    .map_or(String::new(), |s| format!(", {}", render_expr(s)));
                format!(
                    " {} = {}, {}{step}",
                    c.var.name,
                    render_expr(&c.start),
                    render_expr(&c.end)
                )
            });
            line(depth, format!("{}do{control}", label(l)), out);
            render_block(body, depth + 1, out);
            line(depth, "end do", out);
        }
        StmtKind::DoWhile {
            label: l,
            cond,
            body,
        } => {
            line(
                depth,
                format!("{}do while {}", label(l), render_expr(cond)),
                out,
            );
            render_block(body, depth + 1, out);
            line(depth, "end do", out);
        }
        StmtKind::Exit(name) => line(depth, format!("exit {}", label(name)), out),
        StmtKind::Cycle(name) => line(depth, format!("cycle {}", label(name)), out),
        StmtKind::Allocate(items) => {
            let items: Vec<String> = items
                .iter()
                .map(|i| format!("{}({})", i.name.name, render_dims(&i.dims)))
                .collect();
            line(depth, format!("allocate {}", items.join(", ")), out)
        }
        StmtKind::Deallocate(names) => {
            let names: Vec<&str> = names.iter().map(|n| n.name.as_str()).collect();
            line(depth, format!("deallocate {}", names.join(", ")), out)
        }
        StmtKind::Stop(code) => line(
            depth,
            format!("stop {}", code.as_ref().map_or(String::new(), render_expr)),
            out,
        ),
        StmtKind::Continue => line(depth, "continue", out),
        StmtKind::Unsupported(what) => line(depth, format!("unsupported {}", what.what), out),
    }
}

/// Binary and unary operations in parentheses, `paren(...)` for the
/// parentheses of the source.
fn render_expr(expr: &Expr) -> String {
    match &expr.kind {
        ExprKind::Lit(lit) => render_literal(lit),
        ExprKind::Name(name) => name.name.clone(),
        ExprKind::Apply { name, args } => {
            let args: Vec<String> = args.iter().map(render_arg).collect();
            format!("{}({})", name.name, args.join(", "))
        }
        ExprKind::Constructor { ty, items } => {
            let ty = ty
                .as_ref()
                .map_or(String::new(), |t| format!("{} :: ", render_type(t)));
            format!("[{ty}{}]", render_ac_items(items))
        }
        ExprKind::Unary(op, e) => {
            let op = match op {
                UnaryOp::Neg => "-",
                UnaryOp::Plus => "+",
                UnaryOp::Not => ".not. ",
            };
            format!("({op}{})", render_expr(e))
        }
        ExprKind::Binary(op, l, r) => {
            format!("({} {} {})", render_expr(l), binary_op(*op), render_expr(r))
        }
        ExprKind::Paren(e) => format!("paren({})", render_expr(e)),
    }
}

fn binary_op(op: BinaryOp) -> &'static str {
    use BinaryOp::*;
    match op {
        Add => "+",
        Sub => "-",
        Mul => "*",
        Div => "/",
        Pow => "**",
        Eq => "==",
        Ne => "/=",
        Lt => "<",
        Le => "<=",
        Gt => ">",
        Ge => ">=",
        And => ".and.",
        Or => ".or.",
        Eqv => ".eqv.",
        Neqv => ".neqv.",
        Concat => "//",
    }
}

fn render_literal(lit: &Literal) -> String {
    match lit {
        Literal::Int { digits, kind } => format!("{digits}{}", kind_suffix(kind)),
        Literal::Real { text, double, kind } => {
            let d = if *double { "(d)" } else { "" };
            format!("{text}{d}{}", kind_suffix(kind))
        }
        Literal::Logical(value) => format!(".{value}."),
        Literal::Str(text) => format!("{text:?}"),
    }
}

fn kind_suffix(kind: &Option<String>) -> String {
    kind.as_ref().map_or(String::new(), |k| format!("_{k}"))
}

fn render_arg(arg: &Arg) -> String {
    let opt = |e: &Option<Expr>| e.as_ref().map_or(String::new(), render_expr);
    match arg {
        Arg::Expr(e) => render_expr(e),
        Arg::Triplet {
            lo,
            hi,
            stride: None,
            ..
        } => format!("{}:{}", opt(lo), opt(hi)),
        Arg::Triplet { lo, hi, stride, .. } => format!("{}:{}:{}", opt(lo), opt(hi), opt(stride)),
        Arg::Keyword(key, e) => format!("{}={}", key.name, render_expr(e)),
    }
}

fn render_ac_items(items: &[AcItem]) -> String {
    let items: Vec<String> = items
        .iter()
        .map(|item| match item {
            AcItem::Expr(e) => render_expr(e),
            AcItem::ImpliedDo { items, control, .. } => {
                let step = control
                    .step
                    .as_ref()
                    .map_or(String::new(), |s| format!(", {}", render_expr(s)));
                format!(
                    "({}, {} = {}, {}{step})",
                    render_ac_items(items),
                    control.var.name,
                    render_expr(&control.start),
                    render_expr(&control.end)
                )
            }
        })
        .collect();
    items.join(", ")
}

// ---- Helpers -------------------------------------------------------------

/// Parses `src`, panicking with the diagnostics if it fails.
fn parse_ok(src: &str) -> Program {
    match parse(src) {
        Ok(program) => program,
        Err(diags) => panic!("{}", render_diags(src, &diags)),
    }
}

/// The rendering of a program made of `body` and `end`.
fn body(body: &str) -> String {
    render(&parse_ok(&format!("{body}\nend\n")))
}

/// The diagnostics as `line:col: message` lines.
fn render_diags(src: &str, diags: &[fscal_frontend::diagnostic::Diagnostic]) -> String {
    let lines: Vec<String> = diags
        .iter()
        .map(|d| {
            let (line, col) = line_col(src, d.span.start);
            format!("{line}:{col}: {}", d.message)
        })
        .collect();
    lines.join("\n")
}

/// The diagnostics of a source that must fail to parse.
fn errors(src: &str) -> String {
    match parse(src) {
        Ok(program) => panic!("parsed:\n{}", render(&program)),
        Err(diags) => render_diags(src, &diags),
    }
}

/// The rendering of the one expression in `x = <expr>`.
fn expr(text: &str) -> String {
    let program = parse_ok(&format!("x = {text}\nend"));
    match &program.body[0].kind {
        StmtKind::Assign { rhs, .. } => render_expr(rhs),
        other => panic!("not an assignment: {other:?}"),
    }
}

/// The text a span covers.
fn text(src: &str, span: Span) -> &str {
    &src[span.start..span.end]
}

// ---- Program structure -------------------------------------------------------

#[test]
fn full_program_with_name() {
    let src =
        "! a comment\n\nPROGRAM Demo  ! trailing\n  implicit none\n  x = 1\nEND PROGRAM demo\n";
    let program = parse_ok(src);
    assert_eq!(render(&program), "program demo\nimplicit none\nx = 1\n");
    assert_eq!(
        text(src, program.span),
        "PROGRAM Demo  ! trailing\n  implicit none\n  x = 1\nEND PROGRAM demo"
    );
    assert_eq!(text(src, program.name.unwrap().span), "Demo");
}

#[test]
fn program_ends() {
    for end in [
        "end",
        "end program",
        "end program p",
        "endprogram",
        "ENDPROGRAM p",
    ] {
        let program = parse_ok(&format!("program p\nx = 1\n{end}"));
        assert_eq!(render(&program), "program p\nx = 1\n", "{end}");
    }
}

#[test]
fn program_without_program_statement() {
    let program = parse_ok("x = 1\nend");
    assert_eq!(program.name, None);
    assert_eq!(render(&program), "x = 1\n");
    assert_eq!(render(&parse_ok("end")), "");
}

#[test]
fn blank_lines_comments_and_semicolons_separate_statements() {
    let src = "\n\n  ! only a comment\n;x = 1;; y = 2 ! note\n\n\n  ;\nend\n\n! after\n";
    assert_eq!(render(&parse_ok(src)), "x = 1\ny = 2\n");
    assert_eq!(render(&parse_ok("x = 1\nend program   ")), "x = 1\n");
}

#[test]
fn continuation_lines_keep_source_offsets() {
    let src =
        "x = a + &   ! first part\n\n    ! a comment line in between\n      & b * &\n  c\nend";
    let program = parse_ok(src);
    let StmtKind::Assign { rhs, .. } = &program.body[0].kind else {
        panic!()
    };
    assert_eq!(render_expr(rhs), "(a + (b * c))");
    let ExprKind::Binary(_, _, product) = &rhs.kind else {
        panic!()
    };
    assert_eq!(line_col(src, product.span.start), (4, 9));
    assert_eq!(line_col(src, product.span.end), (5, 4));
    assert_eq!(text(src, product.span), "b * &\n  c");
}

#[test]
fn error_positions_across_continuation_lines() {
    let src = "x = 1 + &\n  & 2 +   &\n    )\nend";
    assert_eq!(
        errors(src),
        "3:5: syntax error: unexpected ')', expected expression"
    );
}

// ---- Declarations ------------------------------------------------------------

#[test]
fn type_specs_and_kinds() {
    let src = "integer :: a\ninteger(8) :: b\ninteger(kind=8) :: c\ninteger*8 :: d\nreal e\n\
               real(8) f\nreal(kind=4) :: g\nreal*8 h\ndouble precision :: i\nlogical :: j\n\
               logical(1) :: k\ncharacter(len=*), parameter :: l = 'x'\ncharacter(len=10) :: m\n\
               character*10 n\ncharacter(10) o\ncharacter*(*) p\nend";
    let expected = "integer :: a\ninteger(8) :: b\ninteger(8) :: c\ninteger(8) :: d\nreal :: e\n\
                    real(8) :: f\nreal(4) :: g\nreal(8) :: h\ndoubleprecision :: i\nlogical :: j\n\
                    logical(1) :: k\ncharacter, parameter :: l = \"x\"\ncharacter :: m\n\
                    character :: n\ncharacter :: o\ncharacter :: p\n";
    assert_eq!(render(&parse_ok(src)), expected);
}

#[test]
fn attributes() {
    let src = "real(8), dimension(0:n, -1:1), allocatable :: a\n\
               integer, parameter :: n = 10, m = 2\n\
               real, target, pointer, save, intent(in), optional :: w\nend";
    let expected = "real(8), dimension(0:n, (-1):1), allocatable :: a\n\
                    integer, parameter :: n = 10, m = 2\n\
                    real, other target, other pointer, other save, other intent, other optional :: w\n";
    assert_eq!(render(&parse_ok(src)), expected);
}

#[test]
fn entities_with_bounds_and_initializers() {
    let src =
        "real :: a(10), b(0:n, -1:1), c(:,:)\nreal :: x = 1.5, v(3) = [1,2,3]\ninteger i, j\nend";
    let expected = "real :: a(10), b(0:n, (-1):1), c(:, :)\n\
                    real :: x = 1.5, v(3) = [1, 2, 3]\ninteger :: i, j\n";
    assert_eq!(render(&parse_ok(src)), expected);
}

#[test]
fn declaration_spans() {
    let src = "real(kind=8), dimension(:) :: a(3) = 0, b\nend";
    let program = parse_ok(src);
    let Decl::Var {
        ty,
        attrs,
        entities,
        span,
    } = &program.decls[0]
    else {
        panic!()
    };
    assert_eq!(
        text(src, *span),
        "real(kind=8), dimension(:) :: a(3) = 0, b"
    );
    assert_eq!(text(src, ty.span), "real(kind=8)");
    assert_eq!(text(src, ty.kind.as_ref().unwrap().span), "8");
    let Attr::Dimension(dims, attr_span) = &attrs[0] else {
        panic!()
    };
    assert_eq!(text(src, *attr_span), "dimension(:)");
    let DimSpec::Deferred(colon) = dims[0] else {
        panic!()
    };
    assert_eq!(text(src, colon), ":");
    assert_eq!(text(src, entities[0].span), "a(3) = 0");
    assert_eq!(text(src, entities[1].name.span), "b");
}

#[test]
fn unsupported_declarations() {
    let src = "use iso_fortran_env\ntype(point) :: p\nimplicit none\ninteger :: i\nend";
    let expected = "implicit none\ninteger :: i\nunsupported use\nunsupported type\n";
    assert_eq!(render(&parse_ok(src)), expected);
}

// ---- Statements --------------------------------------------------------------

#[test]
fn assignments() {
    assert_eq!(body("x = 1\na(i, j) = b(1:n)"), "x = 1\na(i, j) = b(1:n)\n");
}

#[test]
fn print_statements() {
    let src = "print *, a, b\nprint *\nprint '(i5)', i\nprint fmt, x\nprint *, (a(i), i = 1, n)";
    let expected =
        "print *; a, b\nprint *; \nprint \"(i5)\"; i\nprint fmt; x\nprint *; [(a(i), i = 1, n)]\n";
    assert_eq!(body(src), expected);
}

#[test]
fn write_statements_are_prints() {
    let src = "write(*,*) x, y\nwrite(*,'(a)') 'hi'\nwrite(6, *) x\nwrite(*, fmt='(f8.3)') x\n\
               write(unit=*, fmt=*) x\nwrite(*,*)\nwrite(*,*) ((a(i,j), i=1,2), j=1,2)";
    let expected = "print *; x, y\nprint \"(a)\"; \"hi\"\nprint *; x\nprint \"(f8.3)\"; x\n\
                    print *; x\nprint *; \nprint *; [((a(i, j), i = 1, 2), j = 1, 2)]\n";
    assert_eq!(body(src), expected);
}

#[test]
fn block_if() {
    let src =
        "if (x > 1) then\n  x = 1\nelse if (x < 0) then\n  x = 0\nelseif (x == 0) then\n  x = 2\n\
               else\n  x = 3\nend if\nif (y) then; y = .false.; endif\nIF (z) THEN\nENDIF";
    let expected =
        "if (x > 1)\n  x = 1\nelse if (x < 0)\n  x = 0\nelse if (x == 0)\n  x = 2\nelse\n  x = 3\n\
                    end if\nif y\n  y = .false.\nend if\nif z\nend if\n";
    assert_eq!(body(src), expected);
}

#[test]
fn one_line_if() {
    let src = "if (x > 0) y = 1\nif (a(i) /= 0) print *, i\nif (done) exit";
    let expected = "if (x > 0)\n  y = 1\nend if\nif (a(i) /= 0)\n  print *; i\nend if\nif done\n  exit \nend if\n";
    assert_eq!(body(src), expected);
    let program = parse_ok("if (x) y = 1\nend");
    let StmtKind::If {
        arms,
        else_body: None,
    } = &program.body[0].kind
    else {
        panic!()
    };
    assert_eq!(arms.len(), 1);
    assert_eq!(arms[0].1.len(), 1);
}

#[test]
fn do_loops() {
    let src =
        "outer: do i = 1, n, 2\n  do j = 1, n\n    if (j > i) exit outer\n    cycle\n  end do\n\
               enddo outer\ndo\n  exit\nend do\ndo while (x < 10.0)\n  x = x + 1\nenddo\n\
               inner: do while (.true.)\n  cycle inner\nend do inner";
    let expected = "outer: do i = 1, n, 2\n  do j = 1, n\n    if (j > i)\n      exit outer: \n    end if\n    \
                    cycle \n  end do\nend do\ndo\n  exit \nend do\ndo while (x < 10.0)\n  x = (x + 1)\n\
                    end do\ninner: do while .true.\n  cycle inner: \nend do\n";
    assert_eq!(body(src), expected);
}

#[test]
fn allocate_and_deallocate() {
    let src = "allocate(a(n), b(0:m, k))\ndeallocate(a, b)";
    assert_eq!(body(src), "allocate a(n), b(0:m, k)\ndeallocate a, b\n");
    let src = "allocate(b(0:m, k))\nend";
    let program = parse_ok(src);
    let StmtKind::Allocate(items) = &program.body[0].kind else {
        panic!()
    };
    assert_eq!(text(src, items[0].span), "b(0:m, k)");
    assert_eq!(text(src, items[0].name.span), "b");
}

#[test]
fn stop_and_continue() {
    assert_eq!(
        body("stop\nstop 3\nstop 'failed'\ncontinue"),
        "stop \nstop 3\nstop \"failed\"\ncontinue\n"
    );
}

#[test]
fn unsupported_statements() {
    let src = "where (a > 0)\n  a = 0\nelsewhere\n  a = 1\nend where\nforall (i=1:n) a(i) = i\n\
               select case (k)\ncase (1)\n  x = 1\ncase default\nend select\ncall foo(x)\n\
               if (x > 0) call bar\n10 continue\ngoto 10\n\
               read(*,*) x; open(1); data x /1/; common /c/ y; equivalence (a, b)\n\
               interface\n  function f(x)\n  end function\nend interface\n\
               contains\nsubroutine s\nend subroutine s\nfunction g(); end function";
    let expected = "unsupported where\na = 0\nunsupported elsewhere\na = 1\nunsupported end where\n\
                    unsupported forall\nunsupported select\nunsupported case\nx = 1\nunsupported case\n\
                    unsupported end select\nunsupported call\nif (x > 0)\n  unsupported call\nend if\n\
                    unsupported statement label\nunsupported goto\nunsupported read\nunsupported open\n\
                    unsupported data\nunsupported common\nunsupported equivalence\nunsupported interface\n\
                    unsupported contains\n";
    assert_eq!(body(src), expected);
}

/// Skipped groups keep the names they define, so that references to them
/// are not reported as unknown.
fn skipped(src: &str) -> Vec<(String, Vec<String>, bool)> {
    parse_ok(src)
        .body
        .iter()
        .filter_map(|s| match &s.kind {
            StmtKind::Unsupported(u) => Some((u.what.clone(), u.names.clone(), u.imports)),
            _ => None,
        })
        .collect()
}

#[test]
fn program_units_and_constructs_are_skipped_whole() {
    let src = "module m\n  real :: g\ncontains\n  real function f(x)\n  end function\n\
               end module m\nprogram p\n  use m\n  complex :: z, w(3)\n\
               type point\n    real :: x\n  end type\n  x = f(g)\ncontains\n\
               pure subroutine s(a)\n  end subroutine s\n  integer(8) function k()\n  end\n\
               end program p\nsubroutine t\nend subroutine\n";
    let names = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        skipped(src),
        [
            ("module".to_string(), names(&["m", "f"]), false),
            ("use".to_string(), names(&[]), true),
            ("complex".to_string(), names(&["z", "w"]), false),
            ("type".to_string(), names(&[]), false),
            ("contains".to_string(), names(&["s", "k"]), false),
            ("subroutine".to_string(), names(&["t"]), false),
        ]
    );
    assert_eq!(
        render(&parse_ok(src)),
        "program p\nunsupported module\nunsupported use\nunsupported complex\n\
         unsupported type\nx = f(g)\nunsupported contains\nunsupported subroutine\n"
    );
}

#[test]
fn the_program_statement_comes_first() {
    assert_eq!(
        errors("integer :: i\nprogram p\nprogram q\nend program p"),
        "2:9: the 'program' statement must come before declarations and statements\n\
         3:9: a second 'program' statement: the program is already named 'p'"
    );
}

#[test]
fn statement_spans() {
    let src =
        "do i = 1, n\n  x(i) = 2 * i\nend do\nif (x(1) > 0) then\nend if\nprint *, x ! done\nend";
    let program = parse_ok(src);
    let StmtKind::Do { body, .. } = &program.body[0].kind else {
        panic!()
    };
    assert_eq!(text(src, program.body[0].span), "do i = 1, n");
    assert_eq!(text(src, body[0].span), "x(i) = 2 * i");
    assert_eq!(text(src, program.body[1].span), "if (x(1) > 0) then");
    assert_eq!(text(src, program.body[2].span), "print *, x");
}

// ---- Expressions -------------------------------------------------------------

#[test]
fn precedence() {
    assert_eq!(expr("a + b * c ** d ** e"), "(a + (b * (c ** (d ** e))))");
    assert_eq!(expr("a - b - c / d / e"), "((a - b) - ((c / d) / e))");
    assert_eq!(expr("-a ** 2"), "(-(a ** 2))");
    assert_eq!(expr("-a * b"), "(-(a * b))");
    assert_eq!(expr("-a + b"), "((-a) + b)");
    assert_eq!(expr("a * -b"), "(a * (-b))");
    assert_eq!(expr("a - -b"), "(a - (-b))");
    assert_eq!(expr("2 ** -1"), "(2 ** (-1))");
    assert_eq!(expr("+a"), "(+a)");
    assert_eq!(expr("a // b // c == d"), "(((a // b) // c) == d)");
    assert_eq!(
        expr("a + 1 < b .and. .not. c .or. d .eqv. e .neqv. f"),
        "((((((a + 1) < b) .and. (.not. c)) .or. d) .eqv. e) .neqv. f)"
    );
    assert_eq!(expr("a .or. b .and. c"), "(a .or. (b .and. c))");
}

#[test]
fn comparison_operators() {
    let ops = [
        ("==", ".eq."),
        ("/=", ".ne."),
        ("<", ".lt."),
        ("<=", ".le."),
        (">", ".gt."),
        (">=", ".ge."),
    ];
    for (symbol, dotted) in ops {
        assert_eq!(expr(&format!("a {symbol} b")), format!("(a {symbol} b)"));
        assert_eq!(
            expr(&format!("a {} b", dotted.to_uppercase())),
            format!("(a {symbol} b)")
        );
    }
    assert_eq!(expr("1.eq.2"), "(1 == 2)");
    assert_eq!(expr("1.and.x"), "(1 .and. x)");
}

#[test]
fn comparisons_do_not_associate() {
    let message = "1:11: syntax error: unexpected '<', expected one of: end of line, operator";
    assert_eq!(errors("x = a < b < c\nend"), message);
}

#[test]
fn literals() {
    assert_eq!(expr("42 + 42_8"), "(42 + 42_8)");
    assert_eq!(
        expr("[1.5, 1., .5, 1.5e3, 1e3, 1.5E-3, 1.5d0, 1.5D+2, 1.5_8, 2.0_4]"),
        "[1.5, 1., .5, 1.5e3, 1e3, 1.5e-3, 1.5e0(d), 1.5e+2(d), 1.5_8, 2.0_4]"
    );
    assert_eq!(expr("[.TRUE., .false.]"), "[.true., .false.]");
    assert_eq!(
        expr("'it''s' // \"say \"\"hi\"\"\""),
        "(\"it's\" // \"say \\\"hi\\\"\")"
    );
}

#[test]
fn names_and_applications() {
    assert_eq!(
        expr("ABC + f() + g(x, dim=1, kind=8)"),
        "((abc + f()) + g(x, dim=1, kind=8))"
    );
    assert_eq!(expr("real(i, 8) + logical(b)"), "(real(i, 8) + logical(b))");
}

#[test]
fn subscript_triplets() {
    assert_eq!(
        expr("a(:, 2:, :n, 1:n:2, ::2, n:1:-1, 1::2, : :3)"),
        "a(:, 2:, :n, 1:n:2, ::2, n:1:(-1), 1::2, ::3)"
    );
    let src = "x = a(:n, 2:, ::2)\nend";
    let program = parse_ok(src);
    let StmtKind::Assign { rhs, .. } = &program.body[0].kind else {
        panic!()
    };
    let ExprKind::Apply { args, .. } = &rhs.kind else {
        panic!()
    };
    let spans: Vec<&str> = args
        .iter()
        .map(|arg| match arg {
            Arg::Triplet { span, .. } => text(src, *span),
            _ => panic!(),
        })
        .collect();
    assert_eq!(spans, [":n", "2:", "::2"]);
}

#[test]
fn parentheses_are_kept() {
    let src = "x = (a + b) * c\nend";
    let program = parse_ok(src);
    let StmtKind::Assign { rhs, .. } = &program.body[0].kind else {
        panic!()
    };
    assert_eq!(render_expr(rhs), "(paren((a + b)) * c)");
    let ExprKind::Binary(_, paren, _) = &rhs.kind else {
        panic!()
    };
    assert_eq!(text(src, paren.span), "(a + b)");
    assert_eq!(text(src, rhs.span), "(a + b) * c");
}

#[test]
fn array_constructors() {
    assert_eq!(expr("[1, 2, 3]"), "[1, 2, 3]");
    assert_eq!(expr("(/ 1, 2 /)"), "[1, 2]");
    assert_eq!(expr("[real(8) :: 1, 2]"), "[real(8) :: 1, 2]");
    assert_eq!(expr("[integer :: ]"), "[integer :: ]");
    assert_eq!(
        expr("[character(len=3) :: 'a', 'b']"),
        "[character :: \"a\", \"b\"]"
    );
    assert_eq!(expr("[real(x), 2.0]"), "[real(x), 2.0]");
    assert_eq!(expr("(/ (i*2, i = 1, n) /)"), "[((i * 2), i = 1, n)]");
    assert_eq!(expr("[(i, i = 1, n, 2)]"), "[(i, i = 1, n, 2)]");
    assert_eq!(
        expr("[((i+j, i=1,2), j=1,3)]"),
        "[(((i + j), i = 1, 2), j = 1, 3)]"
    );
    assert_eq!(
        expr("[(a, b, i = 1, 2), (c)]"),
        "[(a, b, i = 1, 2), paren(c)]"
    );
    assert_eq!(expr("[]"), "[]");
    let src = "x = [(i, i = 1, 3)]\nend";
    let program = parse_ok(src);
    let StmtKind::Assign { rhs, .. } = &program.body[0].kind else {
        panic!()
    };
    let ExprKind::Constructor { items, .. } = &rhs.kind else {
        panic!()
    };
    let AcItem::ImpliedDo { span, .. } = &items[0] else {
        panic!()
    };
    assert_eq!(text(src, *span), "(i, i = 1, 3)");
    assert_eq!(text(src, rhs.span), "[(i, i = 1, 3)]");
}

#[test]
fn implied_do_only_inside_constructors() {
    assert!(errors("x = (a, i = 1, n)\nend").starts_with("1:7: syntax error: unexpected ','"));
}

// ---- Errors ------------------------------------------------------------------

#[test]
fn every_lexical_error_is_reported() {
    let src = "x = 1 @ 2\ny = $\nz = `a` + {\nw = 'oops\nv = 1.5e\nu = a.foo.b\nend";
    let expected = "1:7: unexpected character '@'\n2:5: unexpected character '$'\n\
                    3:5: unexpected character '`'\n3:7: unexpected character '`'\n\
                    3:11: unexpected character '{'\n4:5: unterminated character constant\n\
                    5:5: malformed number '1.5e': the exponent has no digits\n\
                    6:6: unknown operator '.foo.'";
    assert_eq!(errors(src), expected);
}

#[test]
fn syntax_error_messages() {
    assert_eq!(
        errors("x = )\nend"),
        "1:5: syntax error: unexpected ')', expected expression"
    );
    assert_eq!(
        errors("x = (1\nend"),
        "1:7: syntax error: unexpected end of line, expected one of: ')', operator"
    );
    assert_eq!(
        errors("x + 1\nend"),
        "1:3: syntax error: unexpected '+', expected one of: '(', ':', '='"
    );
    assert_eq!(
        errors("integer :: \nend"),
        "1:12: syntax error: unexpected end of line, expected name"
    );
    assert_eq!(
        errors("do i = 1, n\nx = 1\nend"),
        "3:4: syntax error: unexpected end of file, expected 'do'"
    );
    assert_eq!(
        errors("x = 1\nend\ny = 2"),
        "3:1: syntax error: unexpected name 'y' after the end of the program"
    );
    assert_eq!(
        errors("x = 1"),
        "1:6: syntax error: unexpected end of file, expected one of: end of line, operator"
    );
    assert_eq!(errors(""), "1:1: no main program: the file is empty");
    assert_eq!(
        errors("! nothing\n\n  ! here\n"),
        "1:1: no main program: the file has only comments and blank lines"
    );
    assert_eq!(
        errors("x = 1\n"),
        "2:1: syntax error: unexpected end of file, expected 'end program'"
    );
}

#[test]
fn unmatched_construct_ends() {
    assert_eq!(
        errors("x = 1\n  end if\nend"),
        "2:3: syntax error: 'end if' without a matching 'if'"
    );
    assert_eq!(
        errors("x = 1\nEND   DO\nend"),
        "2:1: syntax error: 'end do' without a matching 'do'"
    );
    assert_eq!(
        errors("x = 1\nenddo\nend"),
        "2:1: syntax error: 'enddo' without a matching 'do'"
    );
    assert_eq!(
        errors("x = 1\nelse\nend"),
        "2:1: syntax error: 'else' without a matching 'if'"
    );
    assert_eq!(
        errors("do i = 1, 2\nx = 1\nend program"),
        "3:1: syntax error: missing 'end do' before 'end program'"
    );
    assert_eq!(
        errors("do i = 1, 2\nif (x) then\nend do\nend"),
        "3:1: syntax error: missing 'end if' before 'end do'"
    );
    assert_eq!(
        errors("if (x) then\ndo\nendif\nend"),
        "3:1: syntax error: missing 'end do' before 'endif'"
    );
}

#[test]
fn one_syntax_error_per_line() {
    let src = "x = 1 +\ny = )\ndo i = 1,\n  z = * 2\nend do\nif (a >) then\nelse\nend if\nend";
    let expected = "1:8: syntax error: unexpected end of line, expected expression\n\
                    2:5: syntax error: unexpected ')', expected expression\n\
                    3:10: syntax error: unexpected end of line, expected expression\n\
                    4:7: syntax error: unexpected '*', expected expression\n\
                    6:8: syntax error: unexpected ')', expected expression";
    assert_eq!(errors(src), expected);
}

#[test]
fn lexical_errors_hide_syntax_errors_on_their_line() {
    assert_eq!(
        errors("x = 'abc\ny = 2 +\nend"),
        "1:5: unterminated character constant\n\
         2:8: syntax error: unexpected end of line, expected expression"
    );
}

#[test]
fn structural_checks() {
    let src = "program a\ninteger i = 1\nx = 1\ninteger j\nreal(8, 4) :: z\nreal :: w(1:2:3)\n\
               allocate(a(:), stat=i)\nallocate(b)\ndeallocate(c(1))\nwrite(*) x\nwrite(*,*,advance='no') x\n\
               l: do\nend do m\nend program b";
    let expected = "2:9: an initialization needs '::' in the declaration\n\
                    4:1: declaration after an executable statement\n\
                    5:1: declaration after an executable statement\n\
                    5:5: invalid kind selector: expected '(kind)' or '(kind=kind)'\n\
                    6:1: declaration after an executable statement\n\
                    6:11: invalid array bounds: expected 'upper', 'lower:upper' or ':'\n\
                    7:16: 'stat=' in allocate is not supported yet\n\
                    8:10: allocate needs the bounds of 'b', like 'b(n)'\n\
                    9:12: deallocate takes the name of the array alone, like 'c'\n\
                    10:1: write needs a format, like 'write(*, *)'\n\
                    11:11: 'advance=' in write is not supported yet\n\
                    13:8: 'end do m' does not match the loop name 'l'\n\
                    14:13: 'end program b' does not match the program name 'a'";
    assert_eq!(errors(src), expected);
}

// ---- Robustness --------------------------------------------------------------

/// Runs `f` on a thread with the default 2 MiB stack.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let thread = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .unwrap();
    thread.join().expect("the parser overflowed a 2 MiB stack")
}

#[test]
fn deep_nesting_fits_a_small_stack() {
    on_small_stack(|| {
        let n = 5_000;
        let parens = format!("x = {}1{}\nend", "(".repeat(n), ")".repeat(n));
        assert!(parse(&parens).is_ok());
        let brackets = format!("x = {}1{}\nend", "[".repeat(n), "]".repeat(n));
        assert!(parse(&brackets).is_ok());
        let signs = format!("x = {}1\nend", "-".repeat(n));
        assert!(parse(&signs).is_ok());
        let unclosed = format!("x = {}1\nend", "(".repeat(10 * n));
        assert!(parse(&unclosed).is_err());
    });
}

/// Truncated and odd sources.
#[rustfmt::skip]
const SAMPLES: &[&str] = &[
    "", "\n", "&", "&\n", "'", "\"", "(/", "/)", "1.", ".", "..", "1.e", "1.eq", ".true", "end do",
    "program", "if (", "do while (", "x = [real ::", "\u{0}\u{7f}é漢字", "print *, (a, i=1,",
    "end\0", "x = 1 & ! c", "character*", "integer*", "10", "where", "else where", "end where;;",
];

#[test]
fn arbitrary_input_does_not_panic() {
    let samples = SAMPLES;
    for sample in samples {
        let _ = parse(sample);
        let _ = parse(&format!("{sample}\nend"));
        let _ = parse(&format!("x = {sample}\nend"));
    }
    // Every prefix of a real program.
    let src = "program p\n  real :: a(10) = [(i*1.5d0, i = 1, 10)]\n  if (a(1) .gt. 0) then\n    print *, a(2:)\n  end if\nend program p\n";
    for end in 0..=src.len() {
        let _ = parse(&src[..end]);
    }
}

/// Fragments for random sources.
#[rustfmt::skip]
const SOUP: &[&str] = &[
    "x", "a(", ")", "(", "[", "]", "(/", "/)", ",", ":", "::", "=", "*", "**", "/", "//", "+", "-",
    "1", "1.", "1.e", ".eq.", ".and.", ".not.", ".true.", "'s'", "'", "\"", "&", "&\n", "\n", ";",
    "!c\n", "end", "do", "if", "then", "else", "program", "integer", "real", "character", "print",
    "write", "allocate", "where", "end where", "while", "exit", " ", "@", "é", "kind", "dimension",
    "10", "call",
];

#[test]
fn random_token_soup_does_not_panic() {
    let pieces = SOUP;
    // A fixed xorshift sequence: the same soup on every run.
    let mut state: u64 = 0x1234_5678_9abc_def0;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state as usize
    };
    for _ in 0..20_000 {
        let src: String = (0..next() % 30)
            .map(|_| pieces[next() % pieces.len()])
            .collect();
        if let Err(diags) = parse(&src) {
            for d in diags {
                assert!(
                    d.span.start <= d.span.end && d.span.end <= src.len(),
                    "{src:?}: {d:?}"
                );
                assert!(src.is_char_boundary(d.span.start) && src.is_char_boundary(d.span.end));
            }
        }
    }
}
