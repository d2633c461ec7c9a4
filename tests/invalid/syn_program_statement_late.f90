implicit none
program p
  integer :: i
  i = 1
end program p
