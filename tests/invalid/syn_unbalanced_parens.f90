program p
  implicit none
  real :: x
  x = (1.0 + 2.0
  x = 1.0 + 2.0)
end program p
