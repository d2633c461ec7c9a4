program p
  implicit none
  real :: x
  x = sqrt(x=2.0)
  x = abs(-1.0, dim=1)
  x = sin(2.0, kind=8)
end program p
