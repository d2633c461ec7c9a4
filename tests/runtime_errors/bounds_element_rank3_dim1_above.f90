! Dimension 1 of a rank-3 array, above.
program bounds_element_rank3_dim1_above
  implicit none
  integer :: c(3, 2, 2), i
  c = 1
  do i = 1, 4
    print *, i, c(i, 2, 2)
  end do
end program bounds_element_rank3_dim1_above
