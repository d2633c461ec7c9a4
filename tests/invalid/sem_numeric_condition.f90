program p
  implicit none
  integer :: i
  i = 1
  if (i) print *, i
  do while (i + 1)
    i = i + 1
  end do
end program p
