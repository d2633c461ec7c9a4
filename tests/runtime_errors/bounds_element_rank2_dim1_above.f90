! Dimension 1 (bounds 0:2) of a rank-2 array, above.
program bounds_element_rank2_dim1_above
  implicit none
  integer :: g(0:2, 4), i
  g = 5
  i = 2
  g(i, 4) = 6
  print *, g(:, 4)
  i = i + 1
  g(i, 4) = 7
end program bounds_element_rank2_dim1_above
