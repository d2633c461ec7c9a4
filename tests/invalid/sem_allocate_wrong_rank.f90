program p
  implicit none
  real, allocatable :: a(:, :)
  real, allocatable :: b(:)
  allocate(a(10))
  allocate(b(2, 3))
end program p
