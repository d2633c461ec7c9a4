//! Differential testing: the JIT-compiled program must print exactly what
//! the reference evaluator prints (Fortran semantics: the whole right-hand
//! side evaluated into a temporary, then assigned).
//!
//! Cases: every example, and generated programs full of overlapping
//! assignments over ranks 1 to 3 with random bounds, positive and negative
//! strides, scalar subscripts and vector subscripts of the same array on
//! both sides. `FSCAL_DIFF_CASES` sets the number of generated programs.

use std::sync::Mutex;

/// The runtime's output capture is process-wide: one JIT run at a time.
static RUN: Mutex<()> = Mutex::new(());

/// Compile and run in-process, capturing the output.
fn jit_output(src: &str) -> String {
    let compiled = fscal::compile(src, &fscal::Options::default()).unwrap_or_else(|d| {
        panic!(
            "does not compile:\n{}\n{src}",
            fscal::diagnostics::render("gen.f90", src, &d)
        )
    });
    let _guard = RUN.lock().unwrap_or_else(|e| e.into_inner());
    fscal_runtime::io::capture_start();
    fscal::run(&compiled).expect("backend compiles");
    fscal_runtime::io::capture_take()
}

fn reference_output(src: &str) -> String {
    let (hir, diags) = fscal_frontend::check(src);
    let hir =
        hir.unwrap_or_else(|| panic!("{}", fscal::diagnostics::render("gen.f90", src, &diags)));
    let outcome = fscal::reference::run(&hir, &fscal::reference::Limits::default());
    if let Some(e) = outcome.error {
        panic!("reference evaluator failed: {}\n{src}", e.message);
    }
    outcome.output
}

#[test]
fn examples_agree_with_the_reference() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "f90") {
            let src = std::fs::read_to_string(&path).unwrap();
            assert_eq!(
                jit_output(&src),
                reference_output(&src),
                "{}",
                path.display()
            );
            n += 1;
        }
    }
    assert!(n >= 25);
}

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.range(0, xs.len() as i64 - 1) as usize]
    }
}

/// One generated array: its declared bounds per dimension.
struct Array {
    name: &'static str,
    bounds: Vec<(i64, i64)>,
}

/// A random reference to `arr` whose non-scalar dimensions have the given
/// extents, in bounds. `distinct` vector subscripts for left-hand sides.
fn reference(rng: &mut Rng, arr: &Array, extents: &[i64], distinct: bool) -> String {
    let rank = arr.bounds.len();
    // Which array dimensions carry the loop dimensions, in order.
    let mut dims: Vec<usize> = (0..rank).collect();
    while dims.len() > extents.len() {
        let i = rng.range(0, dims.len() as i64 - 1) as usize;
        dims.remove(i);
    }
    let mut subs = Vec::new();
    let mut k = 0;
    for d in 0..rank {
        let (lb, ub) = arr.bounds[d];
        if k < dims.len() && dims[k] == d {
            subs.push(section_subscript(rng, lb, ub, extents[k], distinct));
            k += 1;
        } else {
            subs.push(rng.range(lb, ub).to_string());
        }
    }
    format!("{}({})", arr.name, subs.join(","))
}

/// A triplet or vector subscript with `n` elements within `lb..=ub`.
fn section_subscript(rng: &mut Rng, lb: i64, ub: i64, n: i64, distinct: bool) -> String {
    let width = ub - lb + 1;
    if rng.range(0, 5) == 0 && n > 0 && (!distinct || n <= width) {
        let mut pool: Vec<i64> = (lb..=ub).collect();
        let mut idx = Vec::new();
        for _ in 0..n {
            let i = rng.range(0, pool.len() as i64 - 1) as usize;
            idx.push(if distinct { pool.remove(i) } else { pool[i] });
        }
        let items: Vec<String> = idx.iter().map(|v| v.to_string()).collect();
        return format!("[{}]", items.join(","));
    }
    loop {
        let stride: i64 = *rng.pick(&[1, 1, 1, -1, 2, -2, 3]);
        let span = (n - 1).max(0) * stride.abs();
        if span >= width {
            continue;
        }
        let first = rng.range(lb, ub - span);
        let (start, end) = if stride > 0 {
            (first, first + span)
        } else {
            (first + span, first)
        };
        if n == 0 {
            return format!("{start}:{}:{stride}", start - stride);
        }
        // Some bounds are run-time values (`k0` is 0 at run time), so the
        // scalarizer must decide those dependences with a run-time guard.
        let (start, end) = if rng.range(0, 3) == 0 {
            (format!("k0+{start}"), format!("k0+{end}"))
        } else {
            (start.to_string(), end.to_string())
        };
        return match (stride, rng.range(0, 3)) {
            (1, 0)
                if !start.starts_with('k') && start == lb.to_string() && end == ub.to_string() =>
            {
                ":".to_string()
            }
            (1, _) => format!("{start}:{end}"),
            _ => format!("{start}:{end}:{stride}"),
        };
    }
}

fn generate(rng: &mut Rng) -> String {
    let rank = rng.range(1, 3) as usize;
    let bounds: Vec<(i64, i64)> = (0..rank)
        .map(|_| {
            let lb = rng.range(-3, 3);
            (lb, lb + rng.range(2, 7))
        })
        .collect();
    let a = Array {
        name: "a",
        bounds: bounds.clone(),
    };
    let b = Array { name: "b", bounds };
    let dims: Vec<String> = a.bounds.iter().map(|(l, u)| format!("{l}:{u}")).collect();
    let mut src = String::new();
    src.push_str("program gen\n  implicit none\n");
    src.push_str(&format!(
        "  integer :: a({0}), b({0})\n  integer :: i1, i2, i3, k0\n",
        dims.join(",")
    ));
    src.push_str("  k0 = 0\n");
    src.push_str(&fill_loops(&a.bounds));
    for _ in 0..rng.range(2, 5) {
        let loop_rank = rng.range(1, rank as i64) as usize;
        let extents: Vec<i64> = (0..loop_rank).map(|_| rng.range(0, 4)).collect();
        let extents: Vec<i64> = extents
            .iter()
            .enumerate()
            .map(|(i, e)| {
                (*e).min(a.bounds.iter().map(|(l, u)| u - l + 1).min().unwrap())
                    .max(if i == 0 { 1 } else { 0 })
            })
            .collect();
        let lhs = reference(rng, &a, &extents, true);
        let mut terms = Vec::new();
        for _ in 0..rng.range(1, 3) {
            let src_arr = if rng.range(0, 3) == 0 { &b } else { &a };
            terms.push(reference(rng, src_arr, &extents, false));
        }
        let op = *rng.pick(&["+", "-", "*"]);
        let rhs = if terms.len() == 1 {
            format!("{} {op} {}", terms[0], rng.range(1, 3))
        } else {
            terms.join(&format!(" {op} "))
        };
        src.push_str(&format!("  {lhs} = {rhs}\n  print *, a\n"));
    }
    src.push_str("end program gen\n");
    src
}

/// Nested do loops giving every element of `a` and `b` a distinct value.
fn fill_loops(bounds: &[(i64, i64)]) -> String {
    let names = ["i1", "i2", "i3"];
    let mut s = String::new();
    for d in (0..bounds.len()).rev() {
        s.push_str(&format!(
            "  do {} = {}, {}\n",
            names[d], bounds[d].0, bounds[d].1
        ));
    }
    let idx = names[..bounds.len()].join(",");
    let value: Vec<String> = (0..bounds.len())
        .map(|d| format!("{}*{}", names[d], [1, 10, 100][d]))
        .collect();
    s.push_str(&format!(
        "    a({idx}) = {}\n    b({idx}) = 1000 - a({idx})\n",
        value.join(" + ")
    ));
    for _ in 0..bounds.len() {
        s.push_str("  end do\n");
    }
    s
}

#[test]
fn generated_overlapping_assignments_agree_with_the_reference() {
    let cases: u64 = std::env::var("FSCAL_DIFF_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(400);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for case in 0..cases {
        let src = generate(&mut rng);
        let (jit, reference) = (jit_output(&src), reference_output(&src));
        assert_eq!(jit, reference, "case {case} differs:\n{src}");
    }
}
