program p
  implicit none
  integer :: i
  i = 'a' + 1
  if ('a' < 'b') print *, 'less'
  print *, -'x'
end program p
