program p
  implicit none
  integer :: i
  i = 1
  end if
  print *, i
end program p
