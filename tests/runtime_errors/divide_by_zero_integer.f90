! Integer division by a variable that is zero.
program divide_by_zero_integer
  implicit none
  integer :: i, k
  i = 7
  k = 2
  print *, i / k
  k = 0
  print *, i / k
end program divide_by_zero_integer
