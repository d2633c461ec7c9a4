! Found by tests/fuzz_harness.rs (a mutant of 10_whole_arrays.f90 that
! deleted the `n` of `b(n)`): an empty dimension list `b()` declared an
! array of rank 0, and the scalarizer panicked ("no entry found for key",
! lower/mod.rs) on the assignment to it. Fixed in
! frontend/src/sema/decl.rs: "array 'b' needs at least one dimension".
program whole_arrays
  implicit none
  integer, parameter :: n = 5
  integer :: a(n), b( ), c(n)
  integer, dimension() :: d
  integer, allocatable :: e()
  b = 10
  d = 1
  allocate(e())
  c = a + b
  print *, c, d
end program whole_arrays
