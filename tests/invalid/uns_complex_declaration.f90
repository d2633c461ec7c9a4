program p
  implicit none
  complex :: z, w(3)
  real :: x
  z = 1.0
  x = w(1) + 1
  x = 'text'
end program p
