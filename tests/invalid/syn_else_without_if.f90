program p
  implicit none
  integer :: i
  i = 1
  else
  i = 2
end program p
