! Dimension 2 (bounds 3:4) of a rank-3 array, below.
program bounds_element_rank3_dim2_below
  implicit none
  logical :: f(2, 3:4, 2)
  integer :: j
  f = .true.
  j = 3
  print *, f(2, j, 1)
  j = 2
  print *, .not. f(2, j, 1)
end program bounds_element_rank3_dim2_below
