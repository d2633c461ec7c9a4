program p
  implicit none
  integer :: i
  do i = 1 10
    print *, i
  end do
end program p
