program p
  implicit none
  integer :: i
  outer: do i = 1, 3
    print *, i
  end do inner
end program p
