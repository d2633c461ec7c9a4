thread_local! { static MSGS: std::cell::RefCell<std::collections::HashSet<String>> = Default::default(); }
const PIECES: &[&str] = &[
    "program p\n", "end program p\n", "end\n", "implicit none\n", "integer :: a(10)\n", "real :: x\n",
    "real, allocatable :: b(:)\n", "a = a(10:1:-1)\n", "x = (", ")", "[", "]", "(/", "/)", "do i = 1, n\n",
    "end do\n", "enddo\n", "if (x > 0) then\n", "end if\n", "else\n", "'", "\"", "&\n", "!", "@", "\u{0}", "\t",
    "\n", ";", "1.5e", "1_3", ".foo.", "allocate(b(n))\n", "where", "contains\n", "function f(x)\n",
    "module m\n", "end module\n", "sqrt(", "size(", ",", "=", "+", "**", "-", ".not.", "print *, ", "::", ":",
    "99999999999", "x", "a(", "i", "n", "b", "1", "2.0", ".true.", "merge(", "lbound(", "dim=", "kind=",
    "interface\n", "end interface\n", "type t\n", "end type\n", "use m\n", "subroutine s\n", "end subroutine\n",
    "exit", "cycle", "outer: ", "stop", "real(8)", "integer(3)", "character(len=3) :: c\n", "[(i, i=1,3)]",
    "complex :: z\n", "select case (i)\n", "case (1)\n", "end select\n", "block\n", "end block\n", "%",
    "deallocate(", "write(*,*) ", "print '(i5)', ", "parameter", "dimension(3)", "x = 1 + ", "then\n",
];
fn main() {
    let iters: usize = std::env::args().nth(1).map_or(100000, |s| s.parse().unwrap());
    let mut state: u64 = std::env::args().nth(2).map_or(0x1234_5678_9abc_def1, |s| s.parse().unwrap());
    let mut next = move || { state ^= state << 13; state ^= state >> 7; state ^= state << 17; state as usize };
    for it in 0..iters {
        let n = next() % 60;
        let src: String = (0..n).map(|_| PIECES[next() % PIECES.len()]).collect();
        let s2 = src.clone();
        let r = std::panic::catch_unwind(move || fscal_frontend::check(&s2));
        match r {
            Err(_) => { println!("PANIC at {it}: {src:?}"); return; }
            Ok((hir, diags)) => {
                if hir.is_none() && diags.iter().all(|d| d.severity != fscal_frontend::diagnostic::Severity::Error) {
                    println!("NO DIAG at {it}: {src:?}"); return;
                }
                for d in &diags { MSGS.with(|m| { let mut t = d.message.clone(); t = t.chars().map(|c| if c.is_ascii_digit() { '9' } else { c }).collect(); m.borrow_mut().insert(t); }); }
                for d in &diags {
                    if d.span.start > d.span.end || d.span.end > src.len() || !src.is_char_boundary(d.span.start) || !src.is_char_boundary(d.span.end) {
                        println!("BAD SPAN at {it}: {src:?} {d:?}"); return;
                    }
                    if d.message.ends_with('.') || d.message.starts_with(|c: char| c.is_uppercase()) {
                        println!("BAD MESSAGE at {it}: {:?}", d.message); return;
                    }
                }
            }
        }
    }
    if std::env::var_os("MSGS").is_some() { let mut v: Vec<_> = MSGS.with(|m| m.borrow().clone()).into_iter().collect(); v.sort(); for m in v { println!("{m}"); } }
    println!("ok");
}
