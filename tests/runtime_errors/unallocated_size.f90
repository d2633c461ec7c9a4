! size() of an unallocated array.
program unallocated_size
  implicit none
  integer, allocatable :: a(:)
  integer :: n
  n = 2
  print *, 'n =', n
  n = size(a) + n
  print *, n
end program unallocated_size
