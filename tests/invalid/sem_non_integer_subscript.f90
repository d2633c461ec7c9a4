program p
  implicit none
  real :: a(10), x
  logical :: l
  x = 2.0
  l = .true.
  a(x) = 1.0
  a(l) = 2.0
  a(1.0:2.0) = 3.0
end program p
