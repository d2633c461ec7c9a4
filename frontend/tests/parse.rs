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
    let Decl::Var { ty, attrs, entities, .. } = decl else {
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
            DimSpec::Explicit { lower: Some(lower), upper } => {
                format!("{}:{}", render_expr(lower), render_expr(upper))
            }
            DimSpec::Explicit { lower: None, upper } => render_expr(upper),
            DimSpec::Deferred(_) => ":".to_string(),
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
    label.as_ref().map_or(String::new(), |l| format!("{}: ", l.name))
}

fn render_stmt(stmt: &Stmt, depth: usize, out: &mut String) {
    match &stmt.kind {
        StmtKind::Assign { lhs, rhs } => {
            line(depth, format!("{} = {}", render_expr(lhs), render_expr(rhs)), out)
        }
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
        StmtKind::Do { label: l, control, body } => {
            let control = control.as_ref().map_or(String::new(), |c| {
                let step = c.step.as_ref().map_or(String::new(), |s| format!(", {}", render_expr(s)));
                format!(" {} = {}, {}{step}", c.var.name, render_expr(&c.start), render_expr(&c.end))
            });
            line(depth, format!("{}do{control}", label(l)), out);
            render_block(body, depth + 1, out);
            line(depth, "end do", out);
        }
        StmtKind::DoWhile { label: l, cond, body } => {
            line(depth, format!("{}do while {}", label(l), render_expr(cond)), out);
            render_block(body, depth + 1, out);
            line(depth, "end do", out);
        }
        StmtKind::Exit(name) => line(depth, format!("exit {}", label(name)), out),
        StmtKind::Cycle(name) => line(depth, format!("cycle {}", label(name)), out),
        StmtKind::Allocate(items) => {
            let items: Vec<String> =
                items.iter().map(|i| format!("{}({})", i.name.name, render_dims(&i.dims))).collect();
            line(depth, format!("allocate {}", items.join(", ")), out)
        }
        StmtKind::Deallocate(names) => {
            let names: Vec<&str> = names.iter().map(|n| n.name.as_str()).collect();
            line(depth, format!("deallocate {}", names.join(", ")), out)
        }
        StmtKind::Stop(code) => {
            line(depth, format!("stop {}", code.as_ref().map_or(String::new(), render_expr)), out)
        }
        StmtKind::Continue => line(depth, "continue", out),
        StmtKind::Unsupported(what) => line(depth, format!("unsupported {what}"), out),
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
            let ty = ty.as_ref().map_or(String::new(), |t| format!("{} :: ", render_type(t)));
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
        Arg::Triplet { lo, hi, stride: None, .. } => format!("{}:{}", opt(lo), opt(hi)),
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
                let step =
                    control.step.as_ref().map_or(String::new(), |s| format!(", {}", render_expr(s)));
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
fn scratch() {
    let src = std::fs::read_to_string("/tmp/t1.f90").unwrap();
    println!("{}", render(&parse_ok(&src)));
}
