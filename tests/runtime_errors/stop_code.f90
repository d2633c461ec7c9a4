! stop 3 is not a run-time error: exit status 3, 'STOP 3' on stderr.
program stop_code
  implicit none
  integer :: i
  do i = 1, 3
    print *, i
    if (i == 2) stop 3
  end do
end program stop_code
