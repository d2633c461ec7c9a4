! Real division by zero is IEEE arithmetic, not an error; integer
! division by zero is.
program divide_by_zero_real_is_not_an_error
  implicit none
  real(8) :: x, z
  integer :: i, k
  x = 1.0d0
  z = 0.0d0
  print *, x / z, -x / z
  i = 1
  k = 0
  print *, i / k
end program divide_by_zero_real_is_not_an_error
