program p
  implicit none
  real :: a(3), s
  a = 1.0
  s = sum(a)
  s = maxval(a) + dot_product(a, a)
end program p
