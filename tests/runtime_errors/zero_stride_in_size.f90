! A zero stride in the argument of size(), in dimension 2.
program zero_stride_in_size
  implicit none
  integer :: m(4, 4), k
  m = 0
  k = -1
  print *, size(m(:, 4:1:k))
  k = 0
  print *, size(m(:, 4:1:k))
end program zero_stride_in_size
