program p
  implicit none
  integer :: i
  do i = 1, 3
    print *, i
  end do loop
end program p
