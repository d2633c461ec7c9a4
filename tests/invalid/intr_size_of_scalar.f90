program p
  implicit none
  real :: x
  integer :: n
  x = 1.0
  n = size(x)
  n = ubound(x, 1)
end program p
