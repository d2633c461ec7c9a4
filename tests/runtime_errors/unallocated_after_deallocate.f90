! Use after deallocate.
program unallocated_after_deallocate
  implicit none
  real(8), allocatable :: w(:)
  allocate(w(3))
  w = 1.5d0
  print *, w
  deallocate(w)
  print *, w
end program unallocated_after_deallocate
