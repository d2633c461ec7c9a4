program p
  implicit none
  integer :: i
  integer(8) :: k
  i = 2147483648
  k = 2147483648
  k = 99999999999999999999_8
end program p
