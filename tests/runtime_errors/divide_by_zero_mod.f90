! mod(i, 0).
program divide_by_zero_mod
  implicit none
  integer :: i, k
  i = 7
  k = 3
  print *, mod(i, k)
  k = 0
  print *, mod(i, k)
end program divide_by_zero_mod
