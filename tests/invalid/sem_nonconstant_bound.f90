program p
  implicit none
  integer :: n
  real :: a(n)
  n = 10
  a = 1.0
end program p
