! Dimension 1 of a rank-2 allocatable section, above, on the left.
program bounds_section_rank2_dim1_above
  implicit none
  integer, allocatable :: m(:, :)
  integer :: n
  allocate(m(-1:2, 3))
  m = 0
  n = 2
  m(0:n, :) = 1
  print *, m
  n = 3
  m(0:n, :) = 2
end program bounds_section_rank2_dim1_above
