! Allocating an array that is already allocated.
program allocate_twice
  implicit none
  real, allocatable :: a(:)
  allocate(a(3))
  a = 1.0
  print *, a
  allocate(a(4))
end program allocate_twice
