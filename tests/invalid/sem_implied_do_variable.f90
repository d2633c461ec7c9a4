program p
  implicit none
  real :: r
  integer :: a(3)
  a = [(r, r = 1, 3)]
end program p
