! Empty sections select nothing and check nothing, whatever their
! bounds; the non-empty one at the end does not fit.
program bounds_section_empty_is_valid
  implicit none
  integer :: a(5), n, i
  a = [(i, i = 1, 5)]
  n = 100
  a(n:n-1) = 0
  a(-n:-n-5) = 0
  a(1:n:-1) = 0
  print *, a, size(a(n:1)), size(a(-n:-n-1))
  print *, a(n-99:n-94)
end program bounds_section_empty_is_valid
