program p
  implicit none
  real :: x
  x = merge(1.0, 2.0, 1)
  x = merge(1.0, .true., .false.)
end program p
