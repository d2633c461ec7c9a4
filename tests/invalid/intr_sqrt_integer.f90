program p
  implicit none
  real :: x
  x = sqrt(4)
  x = exp(1) + log(2)
end program p
