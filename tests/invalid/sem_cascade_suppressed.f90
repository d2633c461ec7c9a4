program p
  implicit none
  integer(3) :: a
  character(len=10) :: s
  real, allocatable :: r(10)
  integer, parameter :: n
  a = 1
  s = 'x'
  r = 1.0
  print *, n, a + 1, r(1)
end program p
