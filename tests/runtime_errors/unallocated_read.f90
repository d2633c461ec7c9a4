! Reading an element of an array that was never allocated.
program unallocated_read
  implicit none
  real, allocatable :: a(:)
  real :: x
  print *, 'before'
  x = a(1)
  print *, x
end program unallocated_read
