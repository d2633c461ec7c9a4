program p
  implicit none
  real :: a(10)
  integer :: n
  n = 10
  allocate(a(n))
  allocate(n(3))
end program p
