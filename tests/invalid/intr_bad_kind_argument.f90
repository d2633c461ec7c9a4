program p
  implicit none
  integer :: k
  real :: x
  k = 8
  x = 1.5
  print *, int(x, 3)
  print *, real(1, kind=k)
  print *, nint(x, kind=2)
end program p
