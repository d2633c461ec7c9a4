//! Memory safety of generated code, differentially.
//!
//! Generated programs reference arrays of rank 1 to 3 with random lower
//! bounds through elements, sections (every triplet form, positive and
//! negative strides, end bounds beyond the last selected index), vector
//! subscripts and `size()` of sections, with every subscript placed near
//! an edge of its dimension: some just inside, some one past. For each
//! program the test computes, independently and in Rust from the
//! subscripts it generated, which statement must fail and every message
//! (array, dimension, index, bound) and column it may fail with. Then,
//! through the real binary:
//!
//! - a program with an out-of-range reference exits with status 2 and one
//!   `case.f90:LINE:COL: runtime error: index ...` line that is one of
//!   those, after printing what the statements before it print; the
//!   reference evaluator reports one of them as well;
//! - a program without one exits with status 0 and prints exactly what the
//!   reference evaluator prints, with checks and with `-fno-check`.
//!
//! Every program runs as a subprocess: run-time errors end the process.
//! `FSCAL_MEMSAFETY_CASES` sets the number of programs (default 400);
//! with `FSCAL_MEMSAFETY_KEEP` set they are kept in the temporary
//! directory the test prints.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// xorshift64*: deterministic, so a failure names a reproducible case.
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
    fn chance(&mut self, p: f64) -> bool {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.range(0, xs.len() as i64 - 1) as usize]
    }
}

/// A declared array.
#[derive(Clone)]
struct Array {
    name: &'static str,
    bounds: Vec<(i64, i64)>,
    allocatable: bool,
}

impl Array {
    fn rank(&self) -> usize {
        self.bounds.len()
    }
}

/// One subscript of a reference.
#[derive(Clone, Debug)]
enum Sub {
    Scalar(i64),
    /// `start:end:stride`; `None` parts are omitted in the source.
    Triplet {
        start: Option<i64>,
        end: Option<i64>,
        stride: i64,
    },
    /// A vector subscript: a constructor, or (`true`) an integer array
    /// variable set to these values just before the statement.
    Vector(Vec<i64>, bool),
}

/// A run-time error the program may report: message and column.
type Expected = (String, usize);

/// The bounds message, worded as gfortran's `-fcheck=bounds` words it
/// (without its quotes and capital).
fn bounds_msg(name: &str, dim: usize, index: i64, (lb, ub): (i64, i64)) -> String {
    if index < lb {
        format!("index {index} of dimension {dim} of array '{name}' below lower bound of {lb}")
    } else {
        format!("index {index} of dimension {dim} of array '{name}' above upper bound of {ub}")
    }
}

fn outside(i: i64, (lb, ub): (i64, i64)) -> bool {
    i < lb || i > ub
}

/// The number of indices `start:end:stride` selects (Fortran's
/// `max(0, (end - start + stride) / stride)`).
fn triplet_extent(start: i64, end: i64, stride: i64) -> i64 {
    ((end - start + stride) / stride).max(0)
}

/// A subscript value in the source: relative to the run-time zero `z`, so
/// nothing is known at compile time.
fn val(v: i64) -> String {
    if v < 0 {
        format!("z-{}", -v)
    } else {
        format!("z+{v}")
    }
}

/// Integer arrays that hold vector subscripts (at most 6 per statement:
/// 3 dimensions on each side).
const VECTOR_VARS: [&str; 6] = ["v1", "v2", "v3", "v4", "v5", "v6"];

/// The vector subscript variables of a program.
struct Vars {
    /// Allocated so far (then deallocated before the next allocation).
    allocated: [bool; 6],
    /// Used by the current statement.
    used: usize,
    /// Statements that set them, to go before the current statement.
    setup: String,
}

/// A source line under construction; columns are 1-based.
struct Line(String);

impl Line {
    /// Append `s`, returning the column where it starts.
    fn push(&mut self, s: &str) -> usize {
        let col = self.0.chars().count() + 1;
        self.0.push_str(s);
        col
    }
}

/// Append `name(subs)` to `line`; return every error the reference may
/// be reported with (empty: it is in range). Statements that set vector
/// subscript variables go to `vars.setup`.
fn render_ref(line: &mut Line, arr: &Array, subs: &[Sub], vars: &mut Vars) -> Vec<Expected> {
    let mut errs = Vec::new();
    line.push(arr.name);
    line.push("(");
    for (d, sub) in subs.iter().enumerate() {
        if d > 0 {
            line.push(", ");
        }
        let b = arr.bounds[d];
        let dim = d + 1;
        match sub {
            Sub::Scalar(i) => {
                let col = line.push(&val(*i));
                if outside(*i, b) {
                    errs.push((bounds_msg(arr.name, dim, *i, b), col));
                }
            }
            Sub::Triplet { start, end, stride } => {
                let start_col = start.map(|s| line.push(&val(s)));
                line.push(":");
                let end_col = end.map(|e| line.push(&val(e)));
                if *stride != 1 || (start.is_none() && end.is_none() && d % 2 == 1) {
                    line.push(&format!(":{stride}"));
                }
                let (s, e) = (start.unwrap_or(b.0), end.unwrap_or(b.1));
                let n = triplet_extent(s, e, *stride);
                if n > 0 {
                    // The first index is checked first; the last one only
                    // when the first is inside.
                    let last = s + (n - 1) * stride;
                    if outside(s, b) {
                        let col = start_col.expect("an omitted start is the lower bound");
                        errs.push((bounds_msg(arr.name, dim, s, b), col));
                    } else if outside(last, b) {
                        let col = end_col.expect("an omitted end is the upper bound");
                        errs.push((bounds_msg(arr.name, dim, last, b), col));
                    }
                }
            }
            Sub::Vector(v, var) => {
                let items: Vec<String> = v.iter().map(|&i| val(i)).collect();
                let items = format!("[{}]", items.join(", "));
                let col = if *var {
                    let k = vars.used;
                    vars.used += 1;
                    let name = VECTOR_VARS[k];
                    if vars.allocated[k] {
                        let _ = writeln!(vars.setup, "  deallocate({name})");
                    }
                    vars.allocated[k] = true;
                    let _ = writeln!(vars.setup, "  allocate({name}({}))", v.len());
                    let _ = writeln!(vars.setup, "  {name} = {items}");
                    line.push(name)
                } else {
                    line.push(&items)
                };
                for &i in v {
                    if outside(i, b) {
                        errs.push((bounds_msg(arr.name, dim, i, b), col));
                    }
                }
            }
        }
    }
    line.push(")");
    errs
}

/// How likely a subscript is to be one past its edge.
struct Gen<'r> {
    rng: &'r mut Rng,
    bad: f64,
}

impl Gen<'_> {
    /// An index near the low edge `lb`: `lb - 1` (outside) or `lb`,
    /// `lb + 1` (inside unless the dimension is that small).
    fn near_low(&mut self, lb: i64) -> i64 {
        if self.rng.chance(self.bad) {
            lb - 1
        } else {
            lb + self.rng.range(0, 1)
        }
    }
    fn near_high(&mut self, ub: i64) -> i64 {
        if self.rng.chance(self.bad) {
            ub + 1
        } else {
            ub - self.rng.range(0, 1)
        }
    }
    fn near_edge(&mut self, (lb, ub): (i64, i64)) -> i64 {
        if self.rng.chance(0.5) {
            self.near_low(lb)
        } else {
            self.near_high(ub)
        }
    }

    /// A triplet selecting `n` indices near an edge of `(lb, ub)`.
    fn triplet(&mut self, (lb, ub): (i64, i64), n: i64) -> Sub {
        let width = ub - lb + 1;
        let mut stride: i64 = self.rng.pick(&[1, 1, 1, 2, 3, -1, -1, -2]);
        if (n - 1).max(0) * stride.abs() >= width {
            stride = stride.signum();
        }
        let span = (n - 1).max(0) * stride;
        // Anchor the first or the last selected index at an edge.
        let (first, last) = match (stride > 0, self.rng.chance(0.5)) {
            (true, true) => {
                let f = self.near_low(lb);
                (f, f + span)
            }
            (true, false) => {
                let l = self.near_high(ub);
                (l - span, l)
            }
            (false, true) => {
                let f = self.near_high(ub);
                (f, f + span)
            }
            (false, false) => {
                let l = self.near_low(lb);
                (l - span, l)
            }
        };
        if n == 0 {
            // An empty triplet: the end one stride before the start.
            let start = self.near_edge((lb, ub));
            return Sub::Triplet {
                start: Some(start),
                end: Some(start - stride * self.rng.range(1, 2)),
                stride,
            };
        }
        // The end bound may lie beyond the last selected index.
        let end = last + stride.signum() * self.rng.range(0, stride.abs() - 1);
        let (start, end) = match (stride, self.rng.range(0, 5)) {
            (1, 0) if first == lb => (None, Some(end)),
            (1, 1) if end == ub => (Some(first), None),
            (1, 2) if first == lb && end == ub => (None, None),
            _ => (Some(first), Some(end)),
        };
        Sub::Triplet { start, end, stride }
    }

    /// `n` (>= 1) indices near the edges of `(lb, ub)`, distinct if asked
    /// (left-hand sides).
    fn vector(&mut self, (lb, ub): (i64, i64), n: i64, distinct: bool) -> Sub {
        let mut v: Vec<i64> = Vec::new();
        while (v.len() as i64) < n {
            let i = self.near_edge((lb, ub));
            if !distinct || !v.contains(&i) {
                v.push(i);
            } else {
                // Edges taken: any unused index inside.
                let free: Vec<i64> = (lb..=ub).filter(|i| !v.contains(i)).collect();
                v.push(free[self.rng.range(0, free.len() as i64 - 1) as usize]);
            }
        }
        Sub::Vector(v, false)
    }

    /// Subscripts for `arr` whose loop dimensions have the given extents
    /// (scalar subscripts elsewhere). No vectors when `vectors` is false.
    fn reference(&mut self, arr: &Array, extents: &[i64], vectors: bool, lhs: bool) -> Vec<Sub> {
        let rank = arr.rank();
        let mut loop_dims: Vec<usize> = (0..rank).collect();
        while loop_dims.len() > extents.len() {
            let i = self.rng.range(0, loop_dims.len() as i64 - 1) as usize;
            loop_dims.remove(i);
        }
        let mut k = 0;
        (0..rank)
            .map(|d| {
                let b = arr.bounds[d];
                if k < loop_dims.len() && loop_dims[k] == d {
                    let n = extents[k];
                    k += 1;
                    let width = b.1 - b.0 + 1;
                    let room = if lhs { width } else { width + 1 };
                    if vectors && n >= 1 && n <= room && self.rng.chance(0.4) {
                        match self.vector(b, n, lhs) {
                            Sub::Vector(v, _) => Sub::Vector(v, self.rng.chance(0.5)),
                            other => other,
                        }
                    } else {
                        self.triplet(b, n)
                    }
                } else {
                    Sub::Scalar(self.near_edge(b))
                }
            })
            .collect()
    }
}

/// A generated program and what it must do.
struct Case {
    src: String,
    /// `(line, possible errors)` of the first statement that must fail.
    error: Option<(usize, BTreeSet<Expected>)>,
}

fn random_array(rng: &mut Rng, name: &'static str) -> Array {
    let rank = rng.range(1, 3) as usize;
    let bounds = (0..rank)
        .map(|_| {
            let lb = rng.range(-3, 3);
            (lb, lb + rng.range(0, 4))
        })
        .collect();
    Array {
        name,
        bounds,
        allocatable: rng.chance(0.4),
    }
}

fn declaration(arr: &Array) -> String {
    if arr.allocatable {
        let colons = vec![":"; arr.rank()].join(",");
        format!("  integer, allocatable :: {}({colons})\n", arr.name)
    } else {
        let dims: Vec<String> = arr.bounds.iter().map(|(l, u)| format!("{l}:{u}")).collect();
        format!("  integer :: {}({})\n", arr.name, dims.join(","))
    }
}

/// Allocation (if needed) and distinct values for every element.
fn initialize(arr: &Array, base: i64) -> String {
    let mut s = String::new();
    if arr.allocatable {
        let dims: Vec<String> = arr.bounds.iter().map(|(l, u)| format!("{l}:{u}")).collect();
        let _ = writeln!(s, "  allocate({}({}))", arr.name, dims.join(","));
    }
    let vars = ["i1", "i2", "i3"];
    for d in (0..arr.rank()).rev() {
        let (l, u) = arr.bounds[d];
        let _ = writeln!(s, "  do {} = {l}, {u}", vars[d]);
    }
    let idx = vars[..arr.rank()].join(",");
    let value: Vec<String> = (0..arr.rank())
        .map(|d| format!("{} * ({} - ({}))", [1, 8, 64][d], vars[d], arr.bounds[d].0))
        .collect();
    let _ = writeln!(
        s,
        "    {}({idx}) = {base} + {}",
        arr.name,
        value.join(" + ")
    );
    for _ in 0..arr.rank() {
        s.push_str("  end do\n");
    }
    s
}

fn generate(rng: &mut Rng) -> Case {
    let a = random_array(rng, "a");
    let b = random_array(rng, "b");
    let mut src = String::from("program ms\n  implicit none\n");
    src.push_str(&declaration(&a));
    src.push_str(&declaration(&b));
    let _ = writeln!(
        src,
        "  integer, allocatable :: {}",
        VECTOR_VARS.map(|v| format!("{v}(:)")).join(", ")
    );
    src.push_str("  integer :: z, x, i1, i2, i3\n  z = 0\n");
    src.push_str(&initialize(&a, 1));
    src.push_str(&initialize(&b, 1000));
    let bad = *[0.0, 0.0, 0.08, 0.2, 0.35]
        .get(rng.range(0, 4) as usize)
        .unwrap();
    let mut error = None;
    let mut vars = Vars {
        allocated: [false; 6],
        used: 0,
        setup: String::new(),
    };
    for _ in 0..rng.range(1, 3) {
        vars.used = 0;
        let mut g = Gen { rng, bad };
        let mut line = Line(String::from("  "));
        let mut errs = Vec::new();
        let mut after = String::new();
        let kind = g.rng.range(0, 5);
        // Loop extents shared by the references of a statement.
        let extents = |g: &mut Gen, rank: usize| -> Vec<i64> {
            let r = g.rng.range(1, rank as i64) as usize;
            (0..r)
                .map(|_| {
                    if g.rng.chance(0.08) {
                        0
                    } else {
                        g.rng.range(1, 4)
                    }
                })
                .collect()
        };
        match kind {
            0 | 1 => {
                // An element, read or written.
                let subs: Vec<Sub> = a
                    .bounds
                    .iter()
                    .map(|&b| Sub::Scalar(g.near_edge(b)))
                    .collect();
                if kind == 0 {
                    line.push("x = ");
                    errs.extend(render_ref(&mut line, &a, &subs, &mut vars));
                    after.push_str("  print *, x\n");
                } else {
                    errs.extend(render_ref(&mut line, &a, &subs, &mut vars));
                    line.push(" = z + 7");
                    after.push_str("  print *, a\n");
                }
            }
            2 | 3 => {
                // A section printed, or its size.
                let ext = extents(&mut g, a.rank());
                let vectors = !ext.contains(&0);
                let subs = g.reference(&a, &ext, vectors, false);
                if kind == 2 {
                    line.push("print *, ");
                    errs.extend(render_ref(&mut line, &a, &subs, &mut vars));
                } else {
                    line.push("x = size(");
                    errs.extend(render_ref(&mut line, &a, &subs, &mut vars));
                    line.push(")");
                    after.push_str("  print *, x\n");
                }
            }
            _ => {
                // A section assignment from `b` or (overlapping) from `a`.
                let from = if kind == 4 { &b } else { &a };
                let ext = extents(&mut g, a.rank().min(from.rank()));
                let vectors = !ext.contains(&0);
                let lhs = g.reference(&a, &ext, vectors, true);
                let rhs = g.reference(from, &ext, vectors, false);
                errs.extend(render_ref(&mut line, &a, &lhs, &mut vars));
                line.push(" = ");
                errs.extend(render_ref(&mut line, from, &rhs, &mut vars));
                if kind == 4 {
                    line.push(" + 1");
                }
                after.push_str("  print *, a\n");
            }
        }
        src.push_str(&std::mem::take(&mut vars.setup));
        let _ = writeln!(src, "{}", line.0);
        if error.is_none() && !errs.is_empty() {
            let lineno = src.lines().count();
            error = Some((lineno, errs.into_iter().collect()));
        }
        src.push_str(&after);
    }
    src.push_str("end program ms\n");
    Case { src, error }
}

/// A scratch directory for the generated files.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fscal-memory-safety-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

struct Run {
    status: Option<i32>,
    stdout: String,
    stderr: String,
}

fn fscal_run(dir: &Path, file: &str, extra: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_fscal"))
        .arg("run")
        .arg(file)
        .args(extra)
        .current_dir(dir)
        .output()
        .expect("fscal runs");
    Run {
        status: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Check one case; `Err` describes the failure.
fn check(case: &Case, dir: &Path, n: u64, no_check_too: bool) -> Result<(), String> {
    let file = format!("case{n}.f90");
    std::fs::write(dir.join(&file), &case.src).unwrap();
    let (hir, diags) = fscal_frontend::check(&case.src);
    let hir = hir.ok_or_else(|| {
        format!(
            "does not compile:\n{}",
            fscal::diagnostics::render(&file, &case.src, &diags)
        )
    })?;
    let reference = fscal::reference::run(&hir, &fscal::reference::Limits::default());
    let run = fscal_run(dir, &file, &[]);
    if run.stdout != reference.output {
        return Err(format!(
            "stdout differs from the reference evaluator's\n  binary:    {:?}\n  reference: {:?}\n  stderr: {}",
            run.stdout, reference.output, run.stderr
        ));
    }
    match &case.error {
        None => {
            if run.status != Some(0) || !run.stderr.is_empty() {
                return Err(format!(
                    "in range, but exit {:?}: {}",
                    run.status, run.stderr
                ));
            }
            if let Some(e) = &reference.error {
                return Err(format!("in range, but the reference reports {e}"));
            }
            if no_check_too {
                let fast = fscal_run(dir, &file, &["-fno-check"]);
                if fast.status != Some(0) || fast.stdout != reference.output {
                    return Err(format!(
                        "-fno-check: exit {:?}, stdout {:?}, stderr {}",
                        fast.status, fast.stdout, fast.stderr
                    ));
                }
            }
        }
        Some((line, expected)) => {
            let prefix = format!("{file}:{line}:");
            let got = run
                .stderr
                .strip_suffix('\n')
                .filter(|s| !s.contains('\n'))
                .and_then(|s| s.strip_prefix(&prefix))
                .and_then(|s| s.split_once(": runtime error: "))
                .and_then(|(col, msg)| Some((msg.to_string(), col.parse::<usize>().ok()?)));
            let ok = run.status == Some(2) && got.as_ref().is_some_and(|g| expected.contains(g));
            if !ok {
                return Err(format!(
                    "exit {:?}, stderr {:?}; expected exit 2 at line {line} with one of {expected:?}",
                    run.status, run.stderr
                ));
            }
            let reported = reference.error.as_ref().map(|e| {
                let (l, c) = fscal_frontend::diagnostic::line_col(&case.src, e.span.start);
                (l, (e.message.clone(), c))
            });
            match reported {
                Some((l, e)) if l == *line && expected.contains(&e) => {}
                other => {
                    return Err(format!(
                        "the reference evaluator reports {other:?}; expected line {line} with one of {expected:?}"
                    ))
                }
            }
        }
    }
    Ok(())
}

#[test]
fn generated_references_near_array_edges() {
    let cases: u64 = std::env::var("FSCAL_MEMSAFETY_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(400);
    let dir = scratch();
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let (mut valid, mut invalid) = (0, 0);
    let mut failures = Vec::new();
    for n in 0..cases {
        let case = generate(&mut rng);
        if case.error.is_some() {
            invalid += 1;
        } else {
            valid += 1;
        }
        if let Err(e) = check(&case, &dir, n, n % 3 == 0) {
            failures.push(format!("case {n}: {e}\n{}", case.src));
            if failures.len() >= 5 {
                break;
            }
        }
    }
    if std::env::var_os("FSCAL_MEMSAFETY_KEEP").is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    } else {
        eprintln!("programs kept in {}", dir.display());
    }
    eprintln!("{valid} in-range and {invalid} out-of-range programs");
    assert!(
        failures.is_empty(),
        "{} case(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // Both verdicts must be well represented.
    assert!(
        cases < 100 || (valid * 5 >= cases && invalid * 5 >= cases),
        "{valid} in-range and {invalid} out-of-range programs"
    );
}

/// `-fno-check` on every example: the same output as with checks.
#[test]
fn examples_without_checks() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut failures = Vec::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join("examples"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "f90"))
        .collect();
    files.sort();
    for file in &files {
        let expected = std::fs::read_to_string(file.with_extension("out")).unwrap();
        let run = fscal_run(root, file.to_str().unwrap(), &["-fno-check"]);
        if run.status != Some(0) || run.stdout != expected {
            failures.push(format!(
                "{}: exit {:?}, stderr {}",
                file.display(),
                run.status,
                run.stderr
            ));
        }
    }
    assert!(files.len() >= 25);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
