program p
  implicit none
  integer :: k
  real(k) :: x
  k = 8
  x = 1.0
end program p
