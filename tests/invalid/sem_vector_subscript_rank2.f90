program p
  implicit none
  integer :: a(10), idx(2, 2)
  idx = 1
  a = 0
  print *, a(idx)
end program p
