! A negative stride: 3, 1, -1, -3 in a(-2:7); the last index is below.
program bounds_section_negative_stride_last_below
  implicit none
  integer :: a(-2:7), m, i
  a = [(10 * i, i = -2, 7)]
  m = -2
  print *, a(3:m:-2)
  m = -3
  print *, a(3:m:-2)
end program bounds_section_negative_stride_last_below
