program p
  implicit none
  integer :: i
  i = 1
  print *, i
