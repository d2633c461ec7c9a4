! A DO loop whose step is zero at run time.
program zero_step_do
  implicit none
  integer :: i, s
  s = 2
  do i = 1, 5, s
    print *, i
  end do
  s = 0
  do i = 1, 5, s
    print *, i
  end do
end program zero_step_do
