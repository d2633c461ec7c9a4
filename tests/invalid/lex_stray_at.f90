program p
  implicit none
  integer :: a
  a = 1 @ 2
end program p
