program p
  implicit none
  integer :: a(3), i
  a = [1, 2, 3, 4]
  a = [(i, i = 1, 5)]
end program p
