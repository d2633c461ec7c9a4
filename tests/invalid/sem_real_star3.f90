program p
  implicit none
  real*3 :: x
  integer*8 :: k
  x = 1.0
  k = 2
end program p
