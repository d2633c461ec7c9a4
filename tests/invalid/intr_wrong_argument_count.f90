program p
  implicit none
  integer :: i
  i = mod(1)
  i = abs(1, 2)
  i = max(3)
  i = merge(1, 2)
end program p
