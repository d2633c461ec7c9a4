program p
  implicit none
  real, target :: x
  real, save :: y
  x = 1.0
  y = 2.0
end program p
