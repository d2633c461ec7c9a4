program p
  implicit none
  real, allocatable :: a(:), b(:, :)
  allocate(a(:))
  allocate(b(2, 1.5))
  allocate(a)
  deallocate(a(1))
end program p
