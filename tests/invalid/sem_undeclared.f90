program p
  implicit none
  integer :: i
  i = j + 1
  total = i
  print *, k, total
end program p
