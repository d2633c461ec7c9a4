program p
  implicit none
  integer :: i, j
  i = 1 # 2
  j = i ~ 3
  print *, 'unclosed
  i = 2 ? 1
end program p
