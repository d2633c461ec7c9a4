program p
  implicit none
  integer, parameter :: v(3) = [1, 2, 3]
  print *, v
end program p
