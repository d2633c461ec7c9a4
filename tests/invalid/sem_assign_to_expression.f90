program p
  implicit none
  real :: x
  x = 1.0
  sqrt(x) = 2.0
end program p
