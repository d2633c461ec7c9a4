program p
  implicit none
  integer :: i
  real :: a(4)
  forall (i = 1:4) a(i) = i
  print *, a
end program p
