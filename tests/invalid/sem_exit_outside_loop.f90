program p
  implicit none
  integer :: i
  i = 1
  if (i > 0) exit
  cycle
end program p
