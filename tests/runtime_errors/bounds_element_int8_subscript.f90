! An integer(8) subscript far outside the bounds.
program bounds_element_int8_subscript
  implicit none
  integer :: a(3)
  integer(8) :: big
  a = 1
  big = 10_8**12
  print *, 'big =', big
  a(big) = 0
end program bounds_element_int8_subscript
