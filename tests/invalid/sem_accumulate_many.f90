program p
  implicit none
  integer :: i, a(5)
  real :: x
  logical :: l
  i = 1.5 .and. l
  x = undefined_thing
  a(6, 1) = 0
  l = 3
  a = [1, 2, 3]
  print *, sqrt(i)
  exit
end program p
