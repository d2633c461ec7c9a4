program p
  implicit none
  integer :: a(3)
  a = [1, 2, 3
  a = (/ 1, 2, 3 )
end program p
