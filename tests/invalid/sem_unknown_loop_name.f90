program p
  implicit none
  integer :: i, j
  outer: do i = 1, 3
    do j = 1, 3
      if (j == 2) cycle inner
      if (j == 3) exit outr
    end do
  end do outer
end program p
