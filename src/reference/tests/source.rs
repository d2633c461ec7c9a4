//! Programs from Fortran source text, through `fscal_frontend::check`.

use fscal_frontend::hir::{Program, SymbolId};

use crate::reference::{run, run_with_state, Limits, Outcome, State, Value as V};

/// Check `src`, asserting it has no errors.
fn checked(src: &str) -> Program {
    let (program, diags) = fscal_frontend::check(src);
    program.unwrap_or_else(|| panic!("diagnostics: {diags:#?}"))
}

/// Run `src` to completion and return the final state with the program.
fn state_of(src: &str) -> (Program, State) {
    let p = checked(src);
    let (out, state) = run_with_state(&p, &Limits::default());
    assert_eq!(out.error, None, "output so far:\n{}", out.output);
    (p, state)
}

fn sym(p: &Program, name: &str) -> SymbolId {
    let i = p
        .symbols
        .iter()
        .position(|s| s.name == name)
        .unwrap_or_else(|| panic!("no symbol {name}"));
    SymbolId(i as u32)
}

fn ints(p: &Program, s: &State, name: &str) -> Vec<i64> {
    s.array_values(sym(p, name))
        .expect("array")
        .into_iter()
        .map(|v| v.as_i64().expect("integer"))
        .collect()
}

fn error_of(src: &str) -> (String, String) {
    let out: Outcome = run(&checked(src), &Limits::default());
    let e = out.error.expect("expected a run-time error");
    (e.message, src[e.span.start..e.span.end].to_string())
}

#[test]
fn overlapping_assignments() {
    let src = "program p
  integer :: a(8), b(8), c(8), i
  a = [(i, i = 1, 8)]
  a(2:8) = a(1:7)
  b = [(i, i = 1, 8)]
  b(8:2:-1) = b(7:1:-1)
  c = [(i, i = 1, 8)]
  c(1:7) = c(8:2:-1)
end program p
";
    let (p, s) = state_of(src);
    assert_eq!(ints(&p, &s, "a"), [1, 1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(ints(&p, &s, "b"), [1, 1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(ints(&p, &s, "c"), [8, 7, 6, 5, 4, 3, 2, 8]);
}

#[test]
fn sections_vectors_and_inquiry() {
    let src = "program p
  integer :: m(0:2, -1:1), v(3), s(2), i, j, n
  do j = -1, 1
    do i = 0, 2
      m(i, j) = 10 * i + j
    end do
  end do
  v = m(2, :)
  m(:, 0) = m([2, 0, 1], 1)
  s = shape(m(1:2, :))
  n = lbound(m, 2) + ubound(m, 1) * 100 + size(m(:, -1:0))
end program p
";
    let (p, s) = state_of(src);
    assert_eq!(ints(&p, &s, "v"), [19, 20, 21]);
    assert_eq!(ints(&p, &s, "m"), [-1, 9, 19, 21, 1, 11, 1, 11, 21]);
    assert_eq!(ints(&p, &s, "s"), [2, 3]);
    assert_eq!(s.scalar(sym(&p, "n")), Some(V::Int4(-1 + 200 + 6)));
}

#[test]
fn real4_arithmetic_and_intrinsics() {
    let src = "program p
  real :: x, y
  double precision :: d
  integer :: k
  x = 16777216.0
  x = x + 1.0
  y = sin(0.5) + 2.0**(-3)
  d = 0.1d0 + real(0.1, 8)
  k = nint(-2.5) + modulo(-7, 3) * 10
end program p
";
    let (p, s) = state_of(src);
    assert_eq!(s.scalar(sym(&p, "x")), Some(V::Real4(16_777_216.0)));
    assert_eq!(s.scalar(sym(&p, "y")), Some(V::Real4(0.5f32.sin() + 0.125)));
    assert_eq!(s.scalar(sym(&p, "d")), Some(V::Real8(0.1 + 0.1f32 as f64)));
    assert_eq!(s.scalar(sym(&p, "k")), Some(V::Int4(-3 + 20)));
}

#[test]
fn run_time_errors_point_at_their_source() {
    let (msg, at) =
        error_of("program p\n  integer :: a(3), i\n  i = 4\n  a(i) = 1\nend program p\n");
    assert_eq!(
        msg,
        "index 4 of dimension 1 of array 'a' above upper bound of 3"
    );
    assert_eq!(at, "i", "reported at the subscript");
    let (msg, _) =
        error_of("program p\n  integer :: a(3), b(4), n\n  n = 4\n  a = 0\n  b = 1\n  a = a + b(1:n)\nend program p\n");
    assert_eq!(msg, "array shapes do not conform in dimension 1 (3 and 4)");
    let (msg, _) = error_of(
        "program p\n  integer :: i, k\n  k = 0\n  do i = 1, 3, k\n  end do\nend program p\n",
    );
    assert_eq!(msg, "DO loop step is zero");
    let (msg, _) =
        error_of("program p\n  integer, allocatable :: a(:)\n  a(1) = 2\nend program p\n");
    assert_eq!(msg, "array 'a' is not allocated");
}

#[test]
fn implied_do_variable_is_local_and_do_variable_survives() {
    let src = "program p
  integer :: i, j, k, a(6)
  i = 42
  a = [((10 * i + j, j = 1, i), i = 1, 3)]
  do k = 10, 1, -3
  end do
  do j = 1, 10
    if (j == 4) exit
  end do
end program p
";
    let (p, s) = state_of(src);
    assert_eq!(ints(&p, &s, "a"), [11, 21, 22, 31, 32, 33]);
    assert_eq!(s.scalar(sym(&p, "i")), Some(V::Int4(42)));
    assert_eq!(s.scalar(sym(&p, "k")), Some(V::Int4(-2)));
    assert_eq!(s.scalar(sym(&p, "j")), Some(V::Int4(4)));
}

/// Every example program runs without a run-time error in the reference
/// evaluator, and its output matches gfortran's (`examples/*.out`).
#[test]
fn examples_match_gfortran() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut failures = Vec::new();
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    for path in paths
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "f90"))
    {
        let src = std::fs::read_to_string(path).unwrap();
        let (program, diags) = fscal_frontend::check(&src);
        let Some(program) = program else {
            failures.push(format!("{}: does not check: {diags:?}", path.display()));
            continue;
        };
        let out = run(&program, &Limits::default());
        if let Some(e) = &out.error {
            failures.push(format!("{}: run-time error: {e}", path.display()));
        }
        let expected = std::fs::read_to_string(path.with_extension("out")).unwrap_or_default();
        if out.output != expected {
            failures.push(format!(
                "{}: output differs:\n{}\n--- expected:\n{expected}",
                path.display(),
                out.output
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
