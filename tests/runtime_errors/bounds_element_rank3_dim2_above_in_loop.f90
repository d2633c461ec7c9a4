! The error comes inside a do loop, after some output: every line
! printed before it is flushed.
program bounds_element_rank3_dim2_above_in_loop
  implicit none
  integer :: c(2, 0:4, 3), j
  c = 0
  do j = 0, 10
    c(1, j, 2) = j * j
    print *, 'c(1,', j, ',2) =', c(1, j, 2)
  end do
end program bounds_element_rank3_dim2_above_in_loop
