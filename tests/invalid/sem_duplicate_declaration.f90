program p
  implicit none
  integer :: i
  real :: i
  real :: x, x
  i = 1
  x = 2.0
end program p
