program p
  implicit none
  integer :: i
  integer, parameter :: step = 0
  do i = 1, 10, 0
    print *, i
  end do
  do i = 1, 10, step
    print *, i
  end do
end program p
