! Dimension 2 (bounds 1:3) of a rank-2 section, first index below.
program bounds_section_rank2_dim2_below
  implicit none
  real :: m(2, 3)
  integer :: j
  m = 1.0
  j = 1
  print *, m(:, j:3)
  j = j - 1
  print *, m(:, j:3)
end program bounds_section_rank2_dim2_below
