program p
  implicit none
  integer :: a(2)
  a = [1, .true.]
  a = []
end program p
