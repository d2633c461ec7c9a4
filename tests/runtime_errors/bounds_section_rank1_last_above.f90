! The first index is fine, the last one is past the end.
program bounds_section_rank1_last_above
  implicit none
  integer :: a(10), n, i
  a = [(i, i = 1, 10)]
  n = 10
  a(2:n) = a(1:n-1)
  print *, a
  n = 11
  a(2:n) = 0
end program bounds_section_rank1_last_above
