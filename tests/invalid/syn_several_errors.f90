program p
  implicit none
  integer :: i, j
  i = * 2
  j = i +* 3
  print *, i j
  do i = 1,
  end do
  i = )
end program p
