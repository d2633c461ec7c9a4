! Lower bounds other than 1 in every dimension; the last index of
! dimension 2 is past the upper bound.
program bounds_section_rank3_dim2_last_above
  implicit none
  integer :: t(-1:1, 5:7, 0:1), s(2, 2), h
  t = 3
  h = 7
  s = t(0, 5:h:2, :)
  print *, s
  h = 9
  s = t(0, 5:h:2, :) + 1
end program bounds_section_rank3_dim2_last_above
