//! Limits and robustness of the whole frontend (`check`): long operator
//! chains, deep nesting, long continued statements. Whatever the input, the
//! frontend answers with a program or with diagnostics, in time linear in
//! the input and on a small stack.

use std::time::{Duration, Instant};

use fscal_frontend::diagnostic::{line_col, Diagnostic};
use fscal_frontend::hir::{ExprKind, StmtKind, Value};
use fscal_frontend::lexer::{MAX_CONSTRUCTS, MAX_NESTING};

/// Runs `f` on a thread with the default 2 MiB stack of test threads.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .expect("the frontend overflowed a 2 MiB stack")
}

/// `check` on a small stack: `Ok(())` for a valid program, or the
/// diagnostics as `line:col: message`. The HIR is dropped on that stack.
fn check_small(src: String) -> Result<(), Vec<String>> {
    on_small_stack(move || {
        let (hir, diags) = fscal_frontend::check(&src);
        match hir {
            Some(_) => Ok(()),
            None => Err(render(&src, &diags)),
        }
    })
}

fn render(src: &str, diags: &[Diagnostic]) -> Vec<String> {
    diags
        .iter()
        .map(|d| {
            let (line, col) = line_col(src, d.span.start);
            format!("{line}:{col}: {}", d.message)
        })
        .collect()
}

fn program(body: &str) -> String {
    format!("program p\n  implicit none\n  real :: x\n  integer :: a(3)\n  x = 1\n  a = 1\n{body}\nend program p\n")
}

/// The statement `x = ` followed by `n` terms joined by `op`.
fn chain(term: &str, op: &str, n: usize) -> String {
    format!("  x = {}", vec![term; n].join(op))
}

#[test]
fn long_operator_chains_fit_a_small_stack() {
    let n = 100_000;
    for body in [
        chain("1", " + ", n),
        chain("x", " + ", n),
        chain("x", "*", n),
        chain("x", "**", n),
        format!("  x = {}x", "-".repeat(n)),
        format!("  x = {}x", "- ".repeat(n)),
        format!("  if ({}.true.) x = 2", ".not. ".repeat(n)),
        format!("  a = {}", vec!["a"; n].join(" + ")),
    ] {
        let head: String = body.chars().take(30).collect();
        assert_eq!(check_small(program(&body)), Ok(()), "{head}...");
    }
}

#[test]
fn constant_chains_fold_to_one_value() {
    let src = program(&chain("1", " + ", 100_000));
    let (hir, diags) = on_small_stack(move || {
        let (hir, diags) = fscal_frontend::check(&src);
        let rhs = hir.map(|h| match &h.body.last().unwrap().kind {
            StmtKind::Assign { rhs, .. } => rhs.kind.clone(),
            other => panic!("{other:?}"),
        });
        (rhs, diags.len())
    });
    assert_eq!(diags, 0);
    assert_eq!(hir, Some(ExprKind::Const(Value::Real(100_000.0))));
}

#[test]
fn nesting_up_to_the_limit_compiles_on_a_small_stack() {
    let n = MAX_NESTING as usize;
    for (open, inner, close) in [
        ("(", "x", ")"),
        ("-(", "x", ")"),
        ("abs(", "x", ")"),
        ("max(1.0, ", "x", ")"),
        ("real(", "1", ")"),
    ] {
        let body = format!("  x = {}{inner}{}", open.repeat(n), close.repeat(n));
        assert_eq!(check_small(program(&body)), Ok(()), "{open}");
    }
    // Sections subscripted by sections, and constructors of constructors.
    let body = format!("  print *, {}1{}", "a(".repeat(n), ")".repeat(n));
    assert_eq!(check_small(program(&body)), Ok(()));
    let body = format!("  print *, {}1{}", "[".repeat(n), "]".repeat(n));
    assert_eq!(check_small(program(&body)), Ok(()));
    let body = format!("  print *, {}1{}", "(/".repeat(n), "/)".repeat(n));
    assert_eq!(check_small(program(&body)), Ok(()));
}

#[test]
fn deeper_nesting_is_one_clear_diagnostic() {
    let limit = MAX_NESTING as usize;
    let message = format!("expression nested too deeply (more than {limit} levels)");
    for (open, close) in [("(", ")"), ("abs(", ")"), ("[", "]"), ("a(", ")")] {
        for n in [limit + 1, 30_000] {
            let body = format!("  x = {}1{}", open.repeat(n), close.repeat(n));
            // The column of the opening bracket that goes one too deep.
            let col = 7 + limit * open.len() + open.len() - 1;
            assert_eq!(
                check_small(program(&body)),
                Err(vec![format!("7:{col}: {message}")]),
                "{n} x {open}"
            );
        }
    }
    // The limit is per statement, and the other statements are checked.
    let deep = format!("{}1{}", "(".repeat(30_000), ")".repeat(30_000));
    let body = format!("  x = {deep}; x = {deep}\n  x = .true.");
    let errors = check_small(program(&body)).unwrap_err();
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(errors[2].starts_with("8:7: cannot assign a logical value"));
}

#[test]
fn construct_nesting_has_a_limit() {
    let n = MAX_CONSTRUCTS as usize;
    let loops = |n: usize| format!("{}{}", "  do\n".repeat(n), "  end do\n".repeat(n));
    assert_eq!(check_small(program(&loops(n))), Ok(()));
    let ifs = format!(
        "{}{}",
        "  if (x > 0) then\n".repeat(n),
        "  end if\n".repeat(n)
    );
    assert_eq!(check_small(program(&ifs)), Ok(()));
    let message = format!("do and if constructs nested too deeply (more than {n} levels)");
    for depth in [n + 1, 100_000] {
        // The construct that goes too deep is skipped, the rest is checked.
        let body = format!("{}  x = .true.", loops(depth));
        let line = 7 + n;
        assert_eq!(
            check_small(program(&body)),
            Err(vec![
                format!("{line}:3: {message}"),
                format!(
                    "{}:7: cannot assign a logical value to the real(4) variable 'x'",
                    7 + 2 * depth
                ),
            ]),
            "{depth}"
        );
    }
    let mixed = format!(
        "{}{}",
        "  outer: do\n  if (x > 0) then\n".repeat(n),
        "  end if\n  end do outer\n".repeat(n)
    );
    assert_eq!(
        check_small(program(&mixed)),
        Err(vec![format!("{}:3: {message}", 7 + n)])
    );
}

#[test]
fn implied_do_nesting_has_a_limit() {
    let n = fscal_frontend::sema::MAX_IMPLIED_DO;
    let nest = |n: usize| {
        let mut items = "1".to_string();
        for _ in 0..n {
            items = format!("({items}, i = 1, 1)");
        }
        format!("  integer :: i\n  print *, [{items}]")
    };
    let src = |body: String| format!("program p\n  implicit none\n{body}\nend program p\n");
    assert_eq!(check_small(src(nest(n))), Ok(()));
    let errors = check_small(src(nest(n + 1))).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].ends_with(&format!(
            "implied-do loops nested too deeply (more than {n} levels)"
        )),
        "{errors:?}"
    );
}

#[test]
fn long_continued_statements_compile() {
    let lines: String = (0..5_000).map(|_| "      + 1 &\n").collect();
    let body = format!("  x = 1 &\n{lines}      + 1");
    assert_eq!(check_small(program(&body)), Ok(()));
    // An error at the end is reported on its own line.
    let body = format!("  x = 1 &\n{lines}      + .true.");
    let errors = check_small(program(&body)).unwrap_err();
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0].starts_with("7:7: operands of '+' must be numeric"),
        "{errors:?}"
    );
}

/// The time `check` takes on `src`, the best of five runs.
fn time(src: &str) -> Duration {
    (0..5)
        .map(|_| {
            let start = Instant::now();
            let _ = fscal_frontend::check(src);
            start.elapsed()
        })
        .min()
        .unwrap()
}

#[test]
fn compile_time_is_linear_in_the_length() {
    for (term, op) in [("1", " + "), ("x", " + "), ("a", " * "), ("x", "**")] {
        let small = program(&chain(term, op, 25_000));
        let large = program(&chain(term, op, 100_000));
        let (t_small, t_large) = (time(&small), time(&large));
        assert!(
            t_large < Duration::from_secs(3),
            "{term}{op}: 100,000 terms took {t_large:?}"
        );
        // Four times the terms: about four times the time (a quadratic
        // step would take sixteen).
        assert!(
            t_large < t_small * 10 + Duration::from_millis(20),
            "{term}{op}: {t_small:?} for 25,000 terms, {t_large:?} for 100,000"
        );
    }
    let lines: String = (0..5_000).map(|_| "      + x &\n").collect();
    let continued = program(&format!("  x = 1 &\n{lines}      + 1"));
    assert!(time(&continued) < Duration::from_secs(1));
}

/// Fragments of programs, valid and not, for random sources.
#[rustfmt::skip]
const PIECES: &[&str] = &[
    "program p\n", "end program p\n", "end\n", "implicit none\n", "integer :: a(10)\n",
    "real :: x\n", "real, allocatable :: b(:)\n", "a = a(10:1:-1)\n", "x = (", ")", "[", "]", "(/",
    "/)", "do i = 1, n\n", "end do\n", "enddo\n", "if (x > 0) then\n", "end if\n", "else\n", "'",
    "\"", "&\n", "!", "@", "\u{0}", "\t", "\n", ";", "1.5e", "1_3", ".foo.", "allocate(b(n))\n",
    "where", "contains\n", "function f(x)\n", "module m\n", "end module\n", "sqrt(", "size(", ",",
    "=", "+", "**", "-", ".not.", "print *, ", "::", ":", "99999999999", "x", "a(", "i", "n", "b",
    "1", "2.0", ".true.", "merge(", "lbound(", "dim=", "kind=", "interface\n", "end interface\n",
    "type t\n", "end type\n", "use m\n", "subroutine s\n", "end subroutine\n", "exit", "cycle",
    "outer: ", "stop", "real(8)", "integer(3)", "character(len=3) :: c\n", "[(i, i=1,3)]",
    "complex :: z\n", "select case (i)\n", "case (1)\n", "end select\n", "block\n", "end block\n",
    "%", "deallocate(", "write(*,*) ", "print '(i5)', ", "parameter", "dimension(3)", "x = 1 + ",
    "then\n", "é", "–",
];

#[test]
fn random_programs_get_diagnostics_not_panics() {
    // A fixed xorshift sequence: the same programs on every run.
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state as usize
    };
    for _ in 0..5_000 {
        let src: String = (0..next() % 60)
            .map(|_| PIECES[next() % PIECES.len()])
            .collect();
        let (hir, diags) = fscal_frontend::check(&src);
        let errors = diags
            .iter()
            .filter(|d| d.severity == fscal_frontend::diagnostic::Severity::Error)
            .count();
        assert_eq!(hir.is_none(), errors > 0, "{src:?}: {diags:?}");
        for d in &diags {
            let span = d.span;
            assert!(
                span.start <= span.end
                    && span.end <= src.len()
                    && src.is_char_boundary(span.start)
                    && src.is_char_boundary(span.end),
                "{src:?}: {d:?}"
            );
            assert!(
                !d.message.ends_with('.') && !d.message.starts_with(char::is_uppercase),
                "{:?}",
                d.message
            );
        }
    }
}
