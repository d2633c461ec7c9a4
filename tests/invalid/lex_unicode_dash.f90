program p
  implicit none
  real :: x
  x = 2.0 – 1.0
end program p
