program p
  implicit none
  real, allocatable :: x
  x = 1.0
end program p
