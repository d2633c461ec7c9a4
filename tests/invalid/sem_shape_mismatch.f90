program p
  implicit none
  real :: a(10), b(5), c(3, 4), d(4, 3)
  a = 1.0
  b = a
  c = 0.0
  d = c
  a(1:5) = b(1:4) + 1.0
  print *, a(2:10:2) + b(1:4)
end program p
