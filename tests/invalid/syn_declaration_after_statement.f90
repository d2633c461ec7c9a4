program p
  implicit none
  integer :: i
  i = 1
  real :: x
  x = 2.0
end program p
