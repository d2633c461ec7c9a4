! An array division whose divisor has a zero element: the elements
! before it are not printed, the statement fails as a whole.
program divide_by_zero_array
  implicit none
  integer :: a(4), b(4)
  a = [8, 6, 4, 2]
  b = [2, 3, 4, 1]
  print *, a / b
  b(3) = 0
  a = a / b
  print *, a
end program divide_by_zero_array
