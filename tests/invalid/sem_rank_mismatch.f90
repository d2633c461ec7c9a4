program p
  implicit none
  real :: a(3), b(3, 3)
  a = 1.0
  b = 2.0
  a = a + b
  b = a
end program p
