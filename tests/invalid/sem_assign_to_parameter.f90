program p
  implicit none
  integer, parameter :: n = 10
  real, parameter :: pi = 3.14159
  n = 20
  pi = 3.0
  do n = 1, 3
  end do
end program p
