//! Aliasing cases: for each assignment, the exact decision (in place,
//! which loop dimensions run backwards, or a temporary) and the program's
//! output, checked against the reference evaluator.

/// One case: declarations + statements, then the expected decision of the
/// last assignment: `"fwd"`, `"temp"`, or a pattern like `"rev 1"` /
/// `"rev 2"` / `"rev 1,2"` (1-based loop dimensions run backwards), or
/// `"guard"` (directions, or a temporary, chosen by a run-time test).
struct Case {
    name: &'static str,
    body: &'static str,
    expect: &'static str,
}

const CASES: &[Case] = &[
    // No overlap.
    Case {
        name: "different arrays",
        body: "a = b + 1",
        expect: "fwd",
    },
    Case {
        name: "disjoint halves",
        body: "a(1:5) = a(6:10)",
        expect: "fwd",
    },
    Case {
        name: "odd from even",
        body: "a(1:9:2) = a(2:10:2)",
        expect: "fwd",
    },
    Case {
        name: "strides never meet",
        body: "a(1:7:3) = a(2:8:3)",
        expect: "fwd",
    },
    // Identical sections.
    Case {
        name: "whole array",
        body: "a = a * 2 + 1",
        expect: "fwd",
    },
    Case {
        name: "same section",
        body: "a(2:9) = a(2:9) - a(2:9) * 3",
        expect: "fwd",
    },
    Case {
        name: "whole vs colon",
        body: "a(:) = a + 1",
        expect: "fwd",
    },
    // Shifts.
    Case {
        name: "shift right",
        body: "a(2:10) = a(1:9)",
        expect: "rev 1",
    },
    Case {
        name: "shift left",
        body: "a(1:9) = a(2:10)",
        expect: "fwd",
    },
    Case {
        name: "shift right by 3",
        body: "a(4:10) = a(1:7) + 1",
        expect: "rev 1",
    },
    Case {
        name: "stencil",
        body: "a(2:9) = (a(1:8) + a(3:10)) / 2",
        expect: "temp",
    },
    Case {
        name: "left and same",
        body: "a(1:9) = a(2:10) + a(1:9)",
        expect: "fwd",
    },
    // Different strides.
    Case {
        name: "gfortran copies this",
        body: "a(1:4:2) = a(2:3)",
        expect: "fwd",
    },
    Case {
        name: "spread out",
        body: "a(2:6:2) = a(1:3)",
        expect: "rev 1",
    },
    Case {
        name: "compress",
        body: "a(1:3) = a(2:6:2)",
        expect: "fwd",
    },
    Case {
        name: "strided meet in the same iteration",
        body: "a(1:7:3) = a(3:5)",
        expect: "fwd",
    },
    Case {
        name: "strided reversal",
        body: "a(2:8:3) = a(8:2:-3)",
        expect: "temp",
    },
    // Negative strides.
    Case {
        name: "reverse in place",
        body: "a = a(10:1:-1)",
        expect: "temp",
    },
    Case {
        name: "reverse half to other half",
        body: "a(1:5) = a(10:6:-1)",
        expect: "fwd",
    },
    Case {
        name: "both reversed shift",
        body: "a(9:1:-1) = a(10:2:-1)",
        expect: "rev 1",
    },
    Case {
        name: "reversed read of shift",
        body: "a(10:2:-1) = a(9:1:-1)",
        expect: "fwd",
    },
    // Rank 2.
    Case {
        name: "rows shift",
        body: "m(2:4, :) = m(1:3, :)",
        expect: "rev 1",
    },
    Case {
        name: "columns shift",
        body: "m(:, 2:5) = m(:, 1:4)",
        expect: "rev 2",
    },
    Case {
        name: "both dims shift",
        body: "m(2:4, 2:5) = m(1:3, 1:4)",
        expect: "rev 2",
    },
    Case {
        name: "diagonal opposite",
        body: "m(1:3, 2:5) = m(2:4, 1:4)",
        expect: "rev 2",
    },
    Case {
        name: "row from column",
        body: "m(2, 1:4) = m(1:4, 2)",
        expect: "fwd",
    },
    Case {
        name: "column from row",
        body: "m(:, 3) = m(1, 1:4)",
        expect: "rev 1",
    },
    Case {
        name: "flip rows",
        body: "m = m(4:1:-1, :)",
        expect: "temp",
    },
    Case {
        name: "other row",
        body: "m(1, :) = m(3, :) * 2",
        expect: "fwd",
    },
    // Rank 3.
    Case {
        name: "3-d shift in the middle",
        body: "t(:, 2:3, :) = t(:, 1:2, :)",
        expect: "rev 2",
    },
    Case {
        name: "3-d outer shift",
        body: "t(:, :, 1:1) = t(:, :, 2:2)",
        expect: "fwd",
    },
    // Vector subscripts.
    Case {
        name: "gather from other array",
        body: "a = b(p)",
        expect: "fwd",
    },
    Case {
        name: "permute in place",
        body: "a = a(p)",
        expect: "temp",
    },
    Case {
        name: "scatter in place",
        body: "a(p) = a",
        expect: "temp",
    },
    Case {
        name: "same vector both sides",
        body: "a(p) = a(p) + 1",
        expect: "fwd",
    },
    // Scalars and constructors are evaluated before the loops.
    Case {
        name: "element on the rhs",
        body: "a = a - a(5)",
        expect: "fwd",
    },
    Case {
        name: "constructor of a",
        body: "a(1:3) = [a(3), a(2), a(1)]",
        expect: "fwd",
    },
    // Run-time bounds.
    Case {
        name: "run-time shift",
        body: "a(k+1:10) = a(1:10-k)",
        expect: "guard",
    },
    Case {
        name: "run-time disjoint",
        body: "a(1:k) = a(k+1:2*k)",
        expect: "guard",
    },
    Case {
        name: "run-time rows",
        body: "m(k, :) = m(1, :) + m(k, :)",
        expect: "fwd",
    },
    Case {
        name: "run-time stencil",
        body: "a(k:9) = (a(k-1:8) + a(k+1:10)) / 2",
        expect: "guard",
    },
    Case {
        name: "run-time extent, compressing read is always earlier",
        body: "a(1:k) = a(2:2*k:2)",
        expect: "fwd",
    },
    Case {
        name: "run-time extent, meeting only in the same or earlier iterations",
        body: "a(2:k+1) = a(1:2*k-1:2)",
        expect: "fwd",
    },
    Case {
        name: "run-time reversal",
        body: "a(1:k+2) = a(k+2:1:-1)",
        expect: "temp",
    },
];

fn program(body: &str) -> String {
    format!(
        "program t
  implicit none
  integer :: a(10), b(10), p(10), m(4, 5), t(2, 3, 2), i, j, k
  a = [(i * 3 - 7, i = 1, 10)]
  b = [(100 - i, i = 1, 10)]
  p = [3, 1, 4, 10, 5, 9, 2, 6, 8, 7]
  do j = 1, 5
    do i = 1, 4
      m(i, j) = 10 * i + j
    end do
  end do
  t = 0
  t(:, :, 1) = m(1:2, 1:3)
  t(:, :, 2) = m(3:4, 2:4)
  k = 2
  {body}
  print *, a
  print *, m
  print *, t
end program t
"
    )
}

/// The decision for the last scalarized assignment of the program.
fn decision(nests: &[fscal_scalarizer::NestReport], line: usize) -> String {
    let n = nests
        .iter()
        .find(|n| n.line == line)
        .expect("the case statement is scalarized");
    if n.temporary.is_some() {
        return "temp".into();
    }
    if n.guard.is_some() {
        return "guard".into();
    }
    let rev: Vec<String> = n
        .reversed
        .iter()
        .enumerate()
        .filter(|(_, r)| **r)
        .map(|(d, _)| (d + 1).to_string())
        .collect();
    if rev.is_empty() {
        "fwd".into()
    } else {
        format!("rev {}", rev.join(","))
    }
}

#[test]
fn each_aliasing_case_takes_the_expected_decision_and_computes_the_reference_result() {
    let mut failures = Vec::new();
    for case in CASES {
        let src = program(case.body);
        let line = 1 + src
            .lines()
            .position(|l| l.trim() == case.body)
            .expect("body line");
        let compiled = fscal::compile(&src, &fscal::Options::default()).unwrap_or_else(|d| {
            panic!(
                "{}: {}",
                case.name,
                fscal::diagnostics::render("t.f90", &src, &d)
            )
        });
        let got = decision(&compiled.scalarized.nests, line);
        if got != case.expect {
            failures.push(format!(
                "{}: `{}` decided {got}, expected {}",
                case.name, case.body, case.expect
            ));
        }
        fscal_runtime::io::capture_start();
        fscal::run(&compiled).expect("backend compiles");
        let jit = fscal_runtime::io::capture_take();
        let (hir, _) = fscal_frontend::check(&src);
        let reference = fscal::reference::run(&hir.unwrap(), &fscal::reference::Limits::default());
        if jit != reference.output {
            failures.push(format!(
                "{}: output differs\njit:\n{jit}\nreference:\n{}",
                case.name, reference.output
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn explain_names_the_assigned_reference_and_sizes_the_temporary_by_its_type() {
    // With a vector subscript on the left, the index vector is walked first:
    // the report must still call the assigned section the write, and size
    // the temporary by the assigned array's element type.
    let src = "program v\n  real(8) :: a(4)\n  integer :: p(4)\n  p = [2, 1, 4, 3]\n  a = 1\n  a(p) = a\nend program v\n";
    let compiled = fscal::compile(src, &fscal::Options::default()).expect("compiles");
    let n = compiled
        .scalarized
        .nests
        .iter()
        .find(|n| n.line == 6)
        .expect("the assignment is reported");
    let writes: Vec<&str> = n
        .terms
        .iter()
        .filter(|t| t.role == "write")
        .map(|t| t.text.as_str())
        .collect();
    assert_eq!(writes, ["a(p)"]);
    assert_eq!(n.temp_bytes, Some(4 * 8));
}
