program p
  implicit none
  integer :: i
  do i = 1.0, 10
  end do
  do i = 1, .true.
  end do
end program p
