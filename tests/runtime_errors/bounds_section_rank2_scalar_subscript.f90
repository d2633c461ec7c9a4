! A scalar subscript inside a section (a column of a matrix).
program bounds_section_rank2_scalar_subscript
  implicit none
  real :: m(4, 3), v(4)
  integer :: j
  m = 0.5
  do j = 1, 4
    v = m(:, j)
    print *, j, v(1)
  end do
end program bounds_section_rank2_scalar_subscript
