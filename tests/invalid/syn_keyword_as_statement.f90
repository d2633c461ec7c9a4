program p
  implicit none
  integer :: i
  i = 1
  then
  print *, i
end program p
