program p
  implicit none
  integer :: i
  i = `1`
end program p
