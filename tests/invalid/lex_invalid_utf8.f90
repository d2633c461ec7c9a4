program p
  implicit none
  integer :: i
  i = 1 ! cafÿ
end program p
