! Dimension 1 (bounds -1:1) of a rank-3 array, below.
program bounds_element_rank3_dim1_below
  implicit none
  integer :: c(-1:1, 2, 2), i
  c = 1
  do i = 1, -3, -1
    c(i, 1, 2) = i
    print *, c(:, 1, 2)
  end do
end program bounds_element_rank3_dim1_below
