! Dimension 3 (bounds 0:1) of a rank-3 allocatable array, above.
program bounds_element_rank3_dim3_above
  implicit none
  real, allocatable :: c(:, :, :)
  integer :: k
  allocate(c(2, 2, 0:1))
  c = 3.0
  k = 1
  c(2, 2, k) = 4.0
  print *, c(:, 2, k)
  k = 2
  c(2, 2, k) = 5.0
end program bounds_element_rank3_dim3_above
