program p
  implicit none
  real :: x, y
  x = 1.0 & y = 2.0
  y = x%re
end program p
