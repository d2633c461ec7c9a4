! Deallocating an array twice.
program deallocate_unallocated
  implicit none
  integer, allocatable :: a(:), b(:)
  allocate(a(2), b(2))
  deallocate(a, b)
  print *, 'freed'
  deallocate(b)
end program deallocate_unallocated
