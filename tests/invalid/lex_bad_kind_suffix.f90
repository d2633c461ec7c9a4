program p
  implicit none
  integer :: i
  real :: x
  i = 1_3
  x = 1.5_16
  x = 1.0d0_8
end program p
