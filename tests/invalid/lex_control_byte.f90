program p
  implicit none
  integer :: i
  i = 1 + 2
end program p
