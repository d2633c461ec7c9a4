! A reversed section starting past the upper bound.
program bounds_section_negative_stride_first_above
  implicit none
  integer :: a(10), b(10), n, i
  a = [(i, i = 1, 10)]
  n = 10
  b = a(n:1:-1)
  print *, b
  n = 11
  b(1:n) = a(n:1:-1)
end program bounds_section_negative_stride_first_above
