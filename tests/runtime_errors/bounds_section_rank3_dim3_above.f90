! Dimension 3 of a rank-3 section, last index above.
program bounds_section_rank3_dim3_above
  implicit none
  real(8) :: t(2, 2, 3), u(2, 2)
  integer :: k
  t = 1.5d0
  k = 3
  u = t(:, 1, 2:k) + t(:, 2, 1:k-1)
  print *, u
  k = 4
  u = t(:, 1, 2:k) + 1
end program bounds_section_rank3_dim3_above
