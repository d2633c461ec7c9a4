program p
  implicit none
  real :: a(3, 4)
  integer :: n
  a = 0.0
  n = size(a, dim=3)
  n = lbound(a, 0)
  n = size(a, dim=1.5)
end program p
