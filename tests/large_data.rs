//! Large data: an overlapping assignment on 2^27 `real(8)` elements
//! (1 GiB) that needs a temporary of the same size.
//!
//! `a(2:n-1) = (a(1:n-2) + a(3:n)) / 2` reads elements on both sides of
//! the one it writes, so neither loop direction works in place: the
//! scalarizer must copy through a temporary (`fscal emit scalarized`
//! says so, and the test checks it). A temporary of 1 GiB on the native
//! stack would overflow it; on the heap the program runs. The printed
//! values and the sum of all elements are checked against values the test
//! computes itself, with run-time checks on and off.

use std::process::Command;

const N: i64 = 1 << 27;

const PROGRAM: &str = "\
program large_overlap
  implicit none
  real(8), allocatable :: a(:)
  real(8) :: s
  integer :: n, i
  n = 2**27
  allocate(a(n))
  do i = 1, n
    a(i) = mod(i, 3)
  end do
  a(2:n-1) = (a(1:n-2) + a(3:n)) / 2
  s = 0
  do i = 1, n
    s = s + a(i)
  end do
  print *, n, size(a)
  print *, a(1), a(2), a(3), a(4)
  print *, a(n/2), a(n/2 + 1), a(n-1), a(n)
  print *, s
end program large_overlap
";

/// The source line of the overlapping assignment.
const ASSIGNMENT_LINE: usize = 11;

/// `a(i)` before the assignment.
fn before(i: i64) -> f64 {
    (i % 3) as f64
}

/// `a(i)` after it: every interior element from the old neighbours.
fn after(i: i64) -> f64 {
    if i == 1 || i == N {
        before(i)
    } else {
        (before(i - 1) + before(i + 1)) / 2.0
    }
}

fn fscal(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_fscal"))
        .args(args)
        .output()
        .expect("fscal runs")
}

/// The program in a scratch directory of the test called `test`.
fn source_file(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fscal-large-data-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("large_overlap.f90");
    std::fs::write(&file, PROGRAM).unwrap();
    file
}

#[test]
fn the_assignment_uses_a_temporary() {
    let file = source_file("emit");
    let out = fscal(&["emit", "scalarized", file.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(file.parent().unwrap());
    assert!(out.status.success());
    let dump = String::from_utf8(out.stdout).unwrap();
    let marker = format!("! line {ASSIGNMENT_LINE}: a(2:n-1)");
    let nest = dump
        .split_once(&marker)
        .map(|(_, rest)| rest.split("! line ").next().unwrap())
        .expect("the assignment's nest");
    assert!(
        nest.contains("! temporary:") && nest.contains("call temp_alloc("),
        "expected a heap temporary:\n{nest}"
    );
}

#[test]
fn overlapping_assignment_on_one_gib() {
    let file = source_file("run");
    let expected_sum: f64 = (1..=N).map(after).sum();
    for extra in [&[][..], &["-fno-check"][..]] {
        let mut args = vec!["run", file.to_str().unwrap()];
        args.extend_from_slice(extra);
        let start = std::time::Instant::now();
        let out = fscal(&args);
        let elapsed = start.elapsed();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{extra:?}: exit {:?}\n{stdout}{}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        );
        let lines: Vec<Vec<f64>> = stdout
            .lines()
            .map(|l| {
                l.split_whitespace()
                    .map(|w| w.parse().expect("a number"))
                    .collect()
            })
            .collect();
        let half = N / 2;
        let n = N as f64;
        assert_eq!(
            lines,
            vec![
                vec![n, n],
                vec![after(1), after(2), after(3), after(4)],
                vec![after(half), after(half + 1), after(N - 1), after(N)],
                vec![expected_sum],
            ],
            "{extra:?}"
        );
        // The values show the old neighbours were read: in place, a(2)
        // would feed a(3).
        assert_eq!(after(3), 1.5);
        eprintln!("{extra:?}: {elapsed:?}");
    }
    let _ = std::fs::remove_dir_all(file.parent().unwrap());
}
