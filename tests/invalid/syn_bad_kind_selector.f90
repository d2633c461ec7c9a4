program p
  implicit none
  real(8, 4) :: x
  integer(len=4) :: i
  x = 1
  i = 1
end program p
