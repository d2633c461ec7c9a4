! Extents known only at run time: a(1:n) = b(1:m) with n /= m.
program shape_runtime_extents
  implicit none
  integer :: a(10), b(10), n, m
  a = 0
  b = 1
  n = 4
  m = 4
  a(1:n) = b(1:m)
  print *, a
  m = 5
  a(1:n) = b(1:m)
end program shape_runtime_extents
