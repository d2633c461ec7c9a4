program p
  implicit none
  real :: x
  real, allocatable :: a(:)
  allocate(a(3))
  deallocate(x)
  deallocate(a)
end program p
