! Dimension 3 (bounds 1:2) of a rank-3 section, first index below.
program bounds_section_rank3_dim3_below
  implicit none
  integer :: t(2, 3, 2), k
  t = 4
  k = 1
  print *, t(:, :, k:2)
  k = 0
  t(:, :, k:2) = 5
end program bounds_section_rank3_dim3_below
