program p
  implicit none
  real :: total, values(10)
  values = 1.0
  totl = 0.0
  total = sqroot(vals(1)) + modulo(1.0)
end program p
