! modulo(i, 0) on integer(8).
program divide_by_zero_modulo_int8
  implicit none
  integer(8) :: i, k
  i = -7
  k = 3
  print *, modulo(i, k)
  k = 0
  print *, modulo(i, k)
end program divide_by_zero_modulo_int8
