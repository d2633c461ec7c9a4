program p
  implicit none
  real :: x
  x = sqrt
  x = sqrt()
end program p
