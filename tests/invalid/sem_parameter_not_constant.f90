program p
  implicit none
  integer :: m
  integer, parameter :: n = m + 1
  m = 1
  print *, n
end program p
