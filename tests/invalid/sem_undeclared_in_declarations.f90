program p
  implicit none
  real :: a(n), b(0:m)
  integer, parameter :: k = j + 1
  a = 1.0
  print *, b, k
end program p
