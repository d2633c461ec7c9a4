! A vector subscript in dimension 2 of a rank-2 array.
program vector_subscript_rank2_dim2
  implicit none
  real :: m(2, 3), r(2, 2)
  integer :: cols(2)
  m = 1.0
  cols = [3, 1]
  r = m(:, cols)
  print *, r
  cols = [3, 4]
  r = m(:, cols)
end program vector_subscript_rank2_dim2
