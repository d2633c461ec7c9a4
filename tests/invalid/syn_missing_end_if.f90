program p
  implicit none
  integer :: i
  i = 1
  if (i > 0) then
    print *, i
end program p
