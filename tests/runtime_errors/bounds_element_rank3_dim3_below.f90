! Dimension 3 of a rank-3 array with bounds (2, 3, -1:1).
program bounds_element_rank3_dim3_below
  implicit none
  integer :: c(2, 3, -1:1), k
  c = 7
  k = -1
  print *, c(2, 3, k)
  k = k - 1
  print *, c(1, 1, k)
end program bounds_element_rank3_dim3_below
