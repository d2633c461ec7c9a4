program p
  implicit none
  integer :: i
  i = 1
end do
end program p
