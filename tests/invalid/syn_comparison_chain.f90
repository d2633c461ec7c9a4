program p
  implicit none
  integer :: a, b, c
  logical :: l
  a = 1
  b = 2
  c = 3
  l = a < b < c
end program p
