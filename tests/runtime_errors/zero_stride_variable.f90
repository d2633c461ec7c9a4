! A section stride that is zero at run time.
program zero_stride_variable
  implicit none
  integer :: a(10), k, i
  a = [(i, i = 1, 10)]
  k = 3
  print *, a(1:10:k)
  k = k - 3
  print *, a(1:10:k)
end program zero_stride_variable
