! Dimension 2 (bounds -5:-1) of a rank-2 array, below.
program bounds_element_rank2_dim2_below
  implicit none
  real(8) :: g(2, -5:-1)
  integer :: j
  g = 0.25d0
  j = -5
  print *, g(1, j)
  j = j - 1
  print *, g(1, j) * 2
end program bounds_element_rank2_dim2_below
