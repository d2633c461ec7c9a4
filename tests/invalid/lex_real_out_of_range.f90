program p
  implicit none
  real :: x
  real(8) :: y
  x = 1.0e39
  y = 1.0d309
  y = 1.0e39_8
end program p
