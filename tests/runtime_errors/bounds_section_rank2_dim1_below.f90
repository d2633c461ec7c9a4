! Dimension 1 of a rank-2 section with a negative stride: the last
! index is below.
program bounds_section_rank2_dim1_below
  implicit none
  integer :: m(4, 2), lo
  m = 2
  lo = 1
  print *, m(4:lo:-1, 1)
  lo = 0
  m(4:lo:-2, 2) = 0
  print *, m(4:lo:-1, 1)
end program bounds_section_rank2_dim1_below
