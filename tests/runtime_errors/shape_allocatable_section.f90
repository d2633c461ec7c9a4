! x(:) = y does not reallocate x (only an assignment to the whole
! allocatable x would): the shapes must conform.
program shape_allocatable_section
  implicit none
  real, allocatable :: x(:), y(:)
  integer :: n
  n = 6
  allocate(x(n), y(n - 1))
  x = 0.0
  y = 2.0
  x(2:) = y
  print *, x
  x(:) = y
end program shape_allocatable_section
