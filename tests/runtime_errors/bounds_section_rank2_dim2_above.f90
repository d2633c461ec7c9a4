! Dimension 2 (bounds 0:4) of a rank-2 section on the right.
program bounds_section_rank2_dim2_above
  implicit none
  integer :: m(3, 0:4), r(3, 5), k
  m = 1
  k = 4
  r = m(:, 0:k)
  print *, r(:, 5)
  k = 5
  r = m(:, 1:k)
end program bounds_section_rank2_dim2_above
