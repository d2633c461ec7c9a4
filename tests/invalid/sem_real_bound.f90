program p
  implicit none
  real :: a(2.5)
  integer :: b(1:.true.)
  a = 1.0
  b = 1
end program p
