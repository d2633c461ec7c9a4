! Dimension 1 of a rank-3 section, first index above.
program bounds_section_rank3_dim1_above
  implicit none
  integer :: t(3, 2, 2), i
  t = 6
  i = 3
  print *, t(i:3, :, 1)
  i = 4
  print *, t(i:3:-1, :, 1)
end program bounds_section_rank3_dim1_above
