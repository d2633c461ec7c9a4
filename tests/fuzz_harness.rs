//! Property-based fuzzing on the stable toolchain (the libFuzzer targets
//! are in `fuzz/`): whatever the input, `fscal::compile` answers with a
//! program or with diagnostics whose spans lie inside the source, never a
//! panic; a program that compiles also JIT-compiles (it is not run there:
//! it may loop forever); and a modest number of the compiled programs are
//! run by the real binary in a subprocess, with a timeout, and must end
//! with a status of 0, 1, 2 or their `stop` code, never a signal or a
//! panic.
//!
//! Inputs: random byte strings, and mutations of every example program
//! (tokens and lines deleted, inserted, duplicated, swapped; lines spliced
//! between programs; numbers, also those inside format strings, set to
//! extremes; case flipped; deep nesting; continuation lines).
//! The generator is deterministic. Environment:
//! - `FSCAL_FUZZ_CASES`: mutated programs (default 8000), random byte
//!   strings are half as many, and programs run as subprocesses an
//!   eightieth;
//! - `FSCAL_FUZZ_SEED`: the generator's seed (default fixed);
//! - `FSCAL_FUZZ_RUNS`: overrides the number of programs run;
//! - `FSCAL_FUZZ_BIN`: the `fscal` binary to run them with (default: this
//!   build's).
//!
//! A failing input is written under `target/tmp/fuzz_failures/`; copy it to
//! `tests/fuzz_regressions/` once fixed.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use fscal_frontend::diagnostic::Severity;

// ---------------------------------------------------------------- inputs

/// xorshift64*: small, deterministic, good enough to pick mutations.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Self {
        Rng(seed | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
}

fn env_number(name: &str) -> Option<usize> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

fn cases() -> usize {
    env_number("FSCAL_FUZZ_CASES").unwrap_or(8000)
}

fn seed() -> u64 {
    env_number("FSCAL_FUZZ_SEED").map_or(0x5EED_F5CA_1F00_2024, |s| s as u64)
}

/// The example programs, by file name.
fn examples() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut out: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "f90"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    out.sort();
    assert!(out.len() >= 25, "examples not found");
    out
}

/// Words worth inserting: keywords, intrinsics, operators, fragments.
const DICTIONARY: &[&str] = &[
    "program",
    "end",
    "implicit none",
    "integer",
    "integer(8)",
    "real",
    "real(8)",
    "double precision",
    "logical",
    "character",
    "dimension",
    "parameter",
    "allocatable",
    "allocate",
    "deallocate",
    "do",
    "end do",
    "enddo",
    "while",
    "if",
    "then",
    "else",
    "else if",
    "end if",
    "exit",
    "cycle",
    "print *,",
    "print",
    "write(*,*)",
    "write",
    "stop",
    "continue",
    "::",
    "(",
    ")",
    "[",
    "]",
    "(/",
    "/)",
    ",",
    ":",
    "=",
    "*",
    "**",
    "/",
    "//",
    "+",
    "-",
    "==",
    "/=",
    "<",
    "<=",
    ">",
    ">=",
    ".and.",
    ".or.",
    ".not.",
    ".eqv.",
    ".neqv.",
    ".eq.",
    ".lt.",
    ".true.",
    ".false.",
    ";",
    "&",
    "&\n",
    "!",
    "abs",
    "sqrt",
    "exp",
    "log",
    "sin",
    "atan2",
    "max",
    "min",
    "mod",
    "modulo",
    "sign",
    "int",
    "nint",
    "floor",
    "real",
    "dble",
    "merge",
    "size",
    "lbound",
    "ubound",
    "shape",
    "kind",
    "1.5d0",
    "1.5_8",
    "1e300",
    "0",
    "-1",
    "2147483647",
    "2147483648",
    "9223372036854775807",
    "'(I5)'",
    "'(F8.3)'",
    "'(ES12.4)'",
    "'(L2)'",
    "'(A)'",
    "'(3(I2,1X))'",
    "'(G0)'",
    "'(*(I3))'",
    "1:0",
    "::-1",
    "n:1:-1",
    "(:)",
    "(:,:)",
    "(i, i=1, 3)",
    "[(i, i = 1, 0)]",
    "[integer ::]",
    "a(idx)",
    "x",
    "i",
    "n",
    "\"str\"",
    "'it''s'",
];

/// Numbers worth substituting.
const EXTREMES: &[&str] = &[
    "0",
    "-1",
    "1",
    "2",
    "-2147483648",
    "2147483647",
    "2147483648",
    "4294967296",
    "-9223372036854775808",
    "9223372036854775807",
    "9223372036854775808",
    "99999999999999999999",
    "0.0",
    "1e38",
    "1e39",
    "1d308",
    "1d309",
    "-0.0",
    "1e-45",
    "0_8",
    "3_4",
    "1.0_16",
];

/// Split into tokens (identifiers, numbers, strings, single punctuation,
/// whitespace runs), so that concatenating them gives back the text.
fn tokens(src: &str) -> Vec<String> {
    let cs: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        let start = i;
        let c = cs[i];
        if c.is_alphanumeric() || c == '_' || c == '.' {
            while i < cs.len() && (cs[i].is_alphanumeric() || cs[i] == '_' || cs[i] == '.') {
                i += 1;
            }
        } else if c == '\'' || c == '"' {
            i += 1;
            while i < cs.len() && cs[i] != c && cs[i] != '\n' {
                i += 1;
            }
            i = (i + 1).min(cs.len());
        } else if c == ' ' || c == '\t' {
            while i < cs.len() && (cs[i] == ' ' || cs[i] == '\t') {
                i += 1;
            }
        } else {
            i += 1;
        }
        out.push(cs[start..i].iter().collect());
    }
    out
}

fn is_number(t: &str) -> bool {
    t.chars().next().is_some_and(|c| c.is_ascii_digit())
}

fn is_space(t: &str) -> bool {
    t.chars().all(|c| c == ' ' || c == '\t')
}

/// One random change of `src`; `others` are the programs to splice from.
fn mutate(rng: &mut Rng, src: &str, others: &[(String, String)]) -> String {
    let mut toks = tokens(src);
    let mut lines: Vec<String> = src.split_inclusive('\n').map(str::to_string).collect();
    if toks.is_empty() || lines.is_empty() {
        return rng.pick(DICTIONARY).to_string();
    }
    let t = rng.below(toks.len());
    let l = rng.below(lines.len());
    match rng.below(19) {
        0 => {
            toks.remove(t);
        }
        1 => {
            let word = if rng.chance(70) {
                rng.pick(DICTIONARY).to_string()
            } else {
                toks[rng.below(toks.len())].clone()
            };
            let pad = if rng.chance(50) { " " } else { "" };
            toks.insert(t, format!("{pad}{word}{pad}"));
        }
        2 => {
            let dup = toks[t].clone();
            toks.insert(t, dup);
        }
        3 => {
            let u = rng.below(toks.len());
            toks.swap(t, u);
        }
        4 => {
            // Replace a token by another of the program (often a name by a
            // name: the result stays close to valid).
            toks[t] = toks[rng.below(toks.len())].clone();
        }
        5 => {
            lines.remove(l);
            return lines.concat();
        }
        6 => {
            let dup = lines[l].clone();
            let times = if rng.chance(90) { 1 } else { 1 + rng.below(50) };
            for _ in 0..times {
                lines.insert(l, dup.clone());
            }
            return lines.concat();
        }
        7 => {
            let m = rng.below(lines.len());
            lines.swap(l, m);
            return lines.concat();
        }
        8 => {
            // A line of another program.
            let (_, other) = rng.pick(others);
            let their: Vec<&str> = other.split_inclusive('\n').collect();
            let line = their[rng.below(their.len())].to_string();
            lines.insert(l, line);
            return lines.concat();
        }
        9 | 10 => {
            // A number to an extreme value.
            let numbers: Vec<usize> = (0..toks.len()).filter(|&i| is_number(&toks[i])).collect();
            let at = if numbers.is_empty() {
                t
            } else {
                *rng.pick(&numbers)
            };
            toks[at] = rng.pick(EXTREMES).to_string();
        }
        11 => {
            // Flip the case of one token, or of the whole program.
            if rng.chance(20) {
                return src
                    .chars()
                    .map(|c| {
                        if c.is_ascii_lowercase() {
                            c.to_ascii_uppercase()
                        } else {
                            c.to_ascii_lowercase()
                        }
                    })
                    .collect();
            }
            toks[t] = toks[t].to_ascii_uppercase();
        }
        12 => {
            // Truncate.
            toks.truncate(t);
        }
        13 => {
            // Nest: a token inside parentheses or under unary minus.
            if !is_space(&toks[t]) {
                let max = if rng.chance(90) { 8 } else { 300 };
                let depth = 1 + rng.below(max);
                let (open, close) = if rng.chance(50) {
                    ("(", ")")
                } else {
                    ("-(", ")")
                };
                toks[t] = format!("{}{}{}", open.repeat(depth), toks[t], close.repeat(depth));
            }
        }
        14 => {
            // Random printable or control characters.
            let n = 1 + rng.below(4);
            let s: String = (0..n)
                .map(|_| {
                    let b = if rng.chance(80) {
                        32 + rng.below(95)
                    } else {
                        rng.below(32)
                    };
                    char::from(b as u8)
                })
                .collect();
            toks.insert(t, s);
        }
        15 => {
            // A line split by a continuation, or joined to the next.
            if rng.chance(50) {
                toks.insert(t, " &\n  ".to_string());
            } else if let Some(i) = toks.iter().position(|x| x == "\n") {
                toks[i] = ";".to_string();
            }
        }
        17 | 18 => {
            // A number inside a character constant (a format's width,
            // digits or repeat count) to an extreme.
            let strings: Vec<usize> = (0..toks.len())
                .filter(|&i| toks[i].starts_with(['\'', '"']) && toks[i].contains(char::is_numeric))
                .collect();
            if let Some(&at) = strings.get(rng.below(strings.len().max(1))) {
                let chars: Vec<char> = toks[at].chars().collect();
                let digits: Vec<usize> = (0..chars.len())
                    .filter(|&i| chars[i].is_ascii_digit())
                    .collect();
                let d = *rng.pick(&digits);
                let (mut a, mut b) = (d, d + 1);
                while a > 0 && chars[a - 1].is_ascii_digit() {
                    a -= 1;
                }
                while b < chars.len() && chars[b].is_ascii_digit() {
                    b += 1;
                }
                let big = *rng.pick(&[
                    "0",
                    "1",
                    "2147483647",
                    "2147483648",
                    "2000000000",
                    "268435457",
                    "99999999999",
                ]);
                let head: String = chars[..a].iter().collect();
                let tail: String = chars[b..].iter().collect();
                toks[at] = format!("{head}{big}{tail}");
            }
        }
        _ => {
            // A non-ASCII character.
            let c = *rng.pick(&['é', 'ß', '€', '\u{00A0}', '\u{200B}', '😀', '\u{FEFF}']);
            toks.insert(t, c.to_string());
        }
    }
    toks.concat()
}

fn random_bytes(rng: &mut Rng) -> Vec<u8> {
    let max = if rng.chance(90) { 200 } else { 4000 };
    let n = rng.below(max);
    let mode = rng.below(3);
    (0..n)
        .map(|_| match mode {
            0 => rng.next() as u8,
            // Mostly printable ASCII with newlines.
            1 => {
                if rng.chance(8) {
                    b'\n'
                } else {
                    32 + rng.below(95) as u8
                }
            }
            // Fortran-ish characters.
            _ => *rng.pick(b"abcinx0123456789 (),:=*+-/.'\"![]&;\n_deDE"),
        })
        .collect()
}

/// Dictionary words joined at random: closer to the grammar than bytes.
fn random_words(rng: &mut Rng) -> String {
    let n = rng.below(60);
    let mut s = String::new();
    for _ in 0..n {
        let word: &&str = rng.pick(DICTIONARY);
        let sep: &&str = rng.pick(&[" ", " ", "", "\n"]);
        s.push_str(word);
        s.push_str(sep);
    }
    s
}

// ---------------------------------------------------------------- checks

/// What went wrong with one input.
struct Failure {
    input: Vec<u8>,
    what: String,
}

/// How one input fared.
enum Outcome {
    Diagnosed,
    Compiled,
}

/// The source the command line would compile, or `None` for bytes it
/// rejects as not UTF-8 (after checking the position it reports).
fn decode(bytes: &[u8]) -> Option<&str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Some(s),
        Err(e) => {
            let (line, col) = fscal::diagnostics::utf8_error_position(bytes, e.valid_up_to());
            assert!(line >= 1 && col >= 1);
            None
        }
    }
}

/// Compile `src` through the frontend, the scalarizer and the backend.
fn compile_all(src: &str, options: &fscal::Options) -> Result<Outcome, String> {
    match fscal::compile(src, options) {
        Err(diags) => {
            if !diags.iter().any(|d| d.severity == Severity::Error) {
                return Err(format!("compilation failed without an error: {diags:?}"));
            }
            for d in &diags {
                if d.span.start > d.span.end || d.span.end > src.len() {
                    return Err(format!(
                        "diagnostic span {:?} outside the source ({} bytes): {}",
                        d.span,
                        src.len(),
                        d.message
                    ));
                }
            }
            let _ = fscal::diagnostics::render("fuzz.f90", src, &diags);
            Ok(Outcome::Diagnosed)
        }
        Ok(compiled) => {
            for d in &compiled.warnings {
                if d.span.end > src.len() || d.span.start > d.span.end {
                    return Err(format!("warning span {:?} outside the source", d.span));
                }
            }
            let _ = fscal::diagnostics::render("fuzz.f90", src, &compiled.warnings);
            let _ = fscal::emit_scalarized(&compiled);
            let config = fscal_backend::Config {
                opt_level: if options.optimize {
                    fscal_backend::OptLevel::Speed
                } else {
                    fscal_backend::OptLevel::None
                },
                ..fscal_backend::Config::default()
            };
            match fscal_backend::compile(&compiled.scalarized.ir, &config) {
                Ok(_kernel) => Ok(Outcome::Compiled),
                Err(e) => Err(format!("backend error on a checked program: {e}")),
            }
        }
    }
}

/// [`compile_all`] under `catch_unwind`, with a time check.
fn check_input(bytes: &[u8], options: &fscal::Options) -> Result<Outcome, String> {
    let Some(src) = decode(bytes) else {
        // The CLI stops at invalid UTF-8; a lenient caller must be safe too.
        let lossy = String::from_utf8_lossy(bytes).into_owned();
        return check_input(lossy.as_bytes(), options).map(|_| Outcome::Diagnosed);
    };
    let start = Instant::now();
    CHECKING.with(|c| c.set(true));
    let result = catch_unwind(AssertUnwindSafe(|| compile_all(src, options)));
    CHECKING.with(|c| c.set(false));
    let elapsed = start.elapsed();
    let result = match result {
        Ok(r) => r,
        Err(panic) => {
            let msg = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Err(format!("panic: {msg}"))
        }
    };
    if result.is_ok() && elapsed > Duration::from_secs(20) {
        return Err(format!("compilation took {elapsed:?}"));
    }
    result
}

fn failure_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz_failures")
}

/// Save the failures and fail the test with a summary.
fn report(kind: &str, failures: &[Failure]) {
    if failures.is_empty() {
        return;
    }
    let dir = failure_dir();
    std::fs::create_dir_all(&dir).unwrap();
    let mut summary = String::new();
    for (i, f) in failures.iter().enumerate() {
        let path = dir.join(format!("{kind}_{i}.f90"));
        std::fs::write(&path, &f.input).unwrap();
        if i < 10 {
            summary.push_str(&format!("{}: {}\n", path.display(), f.what));
        }
    }
    panic!("{} failing inputs ({kind}):\n{summary}", failures.len());
}

/// Options that vary with the case, so both settings are covered.
fn options_for(i: usize) -> fscal::Options {
    fscal::Options {
        checks: i.is_multiple_of(2),
        optimize: i % 4 < 2,
    }
}

/// Keep the default panic hook quiet for caught panics (they are
/// reported with their input instead).
fn quiet_panics() {
    static INSTALL: std::sync::Once = std::sync::Once::new();
    INSTALL.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            // Panics of the compiler under test: on a checking thread or
            // on the compiler's own worker threads.
            let compiler = CHECKING.with(|c| c.get())
                || std::thread::current()
                    .name()
                    .is_some_and(|n| n.starts_with("fscal-"));
            if !compiler || std::env::var_os("FSCAL_FUZZ_VERBOSE").is_some() {
                default(info);
            }
        }));
    });
}

thread_local! {
    /// Set while this thread runs the compiler on a fuzzed input.
    static CHECKING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

// ---------------------------------------------------------------- tests

#[test]
fn random_bytes_never_panic() {
    quiet_panics();
    let mut rng = Rng::new(seed() ^ 0xB17E5);
    let mut failures = Vec::new();
    let n = cases() / 2;
    for i in 0..n {
        let input = if i % 3 == 0 {
            random_words(&mut rng).into_bytes()
        } else {
            random_bytes(&mut rng)
        };
        if let Err(what) = check_input(&input, &options_for(i)) {
            failures.push(Failure { input, what });
        }
    }
    report("bytes", &failures);
}

#[test]
fn mutated_examples_never_panic() {
    quiet_panics();
    let examples = examples();
    let mut rng = Rng::new(seed());
    let mut failures = Vec::new();
    let (mut compiled, mut diagnosed) = (0usize, 0usize);
    let n = cases();
    for i in 0..n {
        let (_, base) = &examples[i % examples.len()];
        let mut src = base.clone();
        let max = if rng.chance(80) { 2 } else { 8 };
        let rounds = 1 + rng.below(max);
        for _ in 0..rounds {
            src = mutate(&mut rng, &src, &examples);
        }
        match check_input(src.as_bytes(), &options_for(i)) {
            Ok(Outcome::Compiled) => compiled += 1,
            Ok(Outcome::Diagnosed) => diagnosed += 1,
            Err(what) => failures.push(Failure {
                input: src.into_bytes(),
                what,
            }),
        }
    }
    eprintln!("mutated examples: {n} cases, {compiled} compiled, {diagnosed} diagnosed");
    report("mutated", &failures);
    // The mutations are meant to stay close to valid programs.
    assert!(compiled * 10 >= n, "only {compiled} of {n} mutants compile");
}

// ------------------------------------------------------ run as a process

/// How long a fuzzed program may run.
const RUN_TIMEOUT: Duration = Duration::from_secs(2);

/// Address-space limit of the child (KiB): a huge `allocate` must fail
/// cleanly instead of taking the machine's memory.
const RUN_MEMORY_KIB: u64 = 4 << 20;

/// The binary under test: this build's, or `FSCAL_FUZZ_BIN` (a release
/// build, or an older one to check that the harness finds a known bug).
fn fscal_binary() -> PathBuf {
    std::env::var_os("FSCAL_FUZZ_BIN")
        .map_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_fscal")), PathBuf::from)
}

/// Run `src` with the real binary; `Err` if it died of a signal, panicked
/// or ended with a status it may not have.
fn run_binary(src: &str, file: &Path) -> Result<(), String> {
    std::fs::write(file, src).unwrap();
    let stderr_path = file.with_extension("stderr");
    let stderr = std::fs::File::create(&stderr_path).unwrap();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {RUN_MEMORY_KIB}; exec \"$0\" run \"$1\""
        ))
        .arg(fscal_binary())
        .arg(file)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(stderr)
        .spawn()
        .unwrap();
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if start.elapsed() > RUN_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let Some(status) = status else {
        return Ok(()); // a loop that does not end is the program's business
    };
    let err = std::fs::read_to_string(&stderr_path).unwrap_or_default();
    let tail: String = err.lines().rev().take(3).collect::<Vec<_>>().join(" / ");
    if err.contains("panicked") || err.contains("internal error") {
        return Err(format!("crashed: {tail}"));
    }
    match status.code() {
        Some(0..=2) => Ok(()),
        Some(c) if src.to_ascii_lowercase().contains("stop") => {
            let _ = c;
            Ok(())
        }
        Some(c) => Err(format!("exit status {c}: {tail}")),
        None => Err(format!("killed by a signal ({status}): {tail}")),
    }
}

#[test]
fn mutated_examples_run_without_crashing() {
    quiet_panics();
    let examples = examples();
    // A different stream from the compile-only test.
    let mut rng = Rng::new(seed() ^ 0x0C0FFEE);
    let runs = env_number("FSCAL_FUZZ_RUNS").unwrap_or((cases() / 80).max(10));
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz_runs");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("case_{}.f90", std::process::id()));
    let mut failures = Vec::new();
    let (mut tried, mut ran) = (0, 0);
    // Mutants that compile, up to `runs` of them (a bounded search).
    while ran < runs && tried < runs * 20 {
        tried += 1;
        let (_, base) = &examples[rng.below(examples.len())];
        let mut src = base.clone();
        let rounds = 1 + rng.below(3);
        for _ in 0..rounds {
            src = mutate(&mut rng, &src, &examples);
        }
        CHECKING.with(|c| c.set(true));
        let compiles = catch_unwind(AssertUnwindSafe(|| {
            fscal::compile(&src, &fscal::Options::default()).is_ok()
        }))
        .unwrap_or(false);
        CHECKING.with(|c| c.set(false));
        if !compiles {
            continue;
        }
        ran += 1;
        // With run-time checks on (without them, an out-of-bounds
        // subscript may well end in a signal).
        if let Err(what) = run_binary(&src, &file) {
            failures.push(Failure {
                input: src.into_bytes(),
                what,
            });
        }
    }
    let _ = std::fs::remove_file(&file);
    let _ = std::fs::remove_file(file.with_extension("stderr"));
    eprintln!("ran {ran} compiled mutants (of {tried} tried)");
    report("run", &failures);
}
