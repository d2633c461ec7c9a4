program p
  implicit none
  integer :: i
  i = 0
10 i = i + 1
  if (i < 3) goto 10
  print *, i
end program p
