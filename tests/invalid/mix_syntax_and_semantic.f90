program p
  implicit none
  integer :: i
  real :: x
  i = 2 *
  x = .true.
  if (i) print *, i
  print *, x +
  i = sqrt(x)
end program p
