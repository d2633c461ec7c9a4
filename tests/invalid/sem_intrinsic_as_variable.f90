program p
  implicit none
  real :: x
  x = 2.0
  x = abs + 1.0
  print *, size
end program p
