program p
  implicit none
  integer, parameter :: n
  real :: a(n)
  a = 0.0
  print *, n
end program p
