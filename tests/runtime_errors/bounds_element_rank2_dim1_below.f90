! Dimension 1 below its lower bound, inside an expression.
program bounds_element_rank2_dim1_below
  implicit none
  real(8) :: m(5, 5)
  integer :: i
  m = 2.0d0
  i = 1
  print *, m(i, 1) + m(i + 1, 2)
  i = 0
  print *, m(i + 1, 1) + m(i, 2)
end program bounds_element_rank2_dim1_below
