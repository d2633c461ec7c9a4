program p
  implicit none
  real :: a(3), b(3, 3)
  a(1, 1) = 1.0
  b(2) = 2.0
  print *, b(1, 2, 3)
end program p
