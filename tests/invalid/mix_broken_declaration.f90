program p
  implicit none
  integer :: n m
  real :: x
  n = 1
  x = n .and. .true.
  print *, m
  x = .true.
end program p
