program p
  implicit none
  real :: a(3), b(4), c(2, 2)
  a = 1.0
  b = 2.0
  c = 3.0
  print *, max(a, b)
  print *, min(a, c)
end program p
