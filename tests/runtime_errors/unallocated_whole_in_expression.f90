! A whole unallocated array in an expression.
program unallocated_whole_in_expression
  implicit none
  integer, allocatable :: u(:)
  integer :: v(3)
  v = 1
  print *, v
  v = v + u
end program unallocated_whole_in_expression
