! Dimension 1 of a rank-3 section, first index below, with an overlap
! that needs a temporary: the check comes before any element moves.
program bounds_section_rank3_dim1_below
  implicit none
  integer :: t(0:3, 2, 2), i, s
  t = 1
  t(0, 1, 1) = 9
  s = 0
  t(1:3, :, :) = t(s:s+2, :, :)
  print *, t(:, 1, 1)
  s = -1
  t(1:3, :, :) = t(s:s+2, :, :)
end program bounds_section_rank3_dim1_below
