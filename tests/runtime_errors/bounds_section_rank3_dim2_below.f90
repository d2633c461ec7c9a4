! Dimension 2 of a rank-3 section, last index below.
program bounds_section_rank3_dim2_below
  implicit none
  integer :: t(2, -2:2, 2), j
  t = 3
  j = -2
  print *, size(t(1, 2:j:-2, :))
  j = -4
  t(1, 2:j:-2, :) = 4
end program bounds_section_rank3_dim2_below
