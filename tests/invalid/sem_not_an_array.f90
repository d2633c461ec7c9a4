program p
  implicit none
  real :: x
  integer, parameter :: n = 3
  x = 1.0
  print *, x(1), n(2)
end program p
