program p
  implicit none
  real :: x, a(3)
  a = 1.0
  x = a
  x = a(1:2) * 2.0
end program p
