! Dimension 2 of a rank-2 array with bounds (0:3, 2:6), on the left.
program bounds_element_rank2_dim2_above
  implicit none
  integer :: b(0:3, 2:6), i, j
  b = 0
  i = 3
  j = 6
  b(i, j) = 1
  print *, b(:, 6)
  j = j + 1
  b(i, j) = 2
  print *, 'not reached'
end program bounds_element_rank2_dim2_above
