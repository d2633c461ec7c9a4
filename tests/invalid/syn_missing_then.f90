program p
  implicit none
  integer :: i
  i = 1
  if (i > 0)
    print *, i
  end if
end program p
