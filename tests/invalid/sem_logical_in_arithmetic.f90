program p
  implicit none
  logical :: l
  integer :: i
  real :: a(3)
  l = .true.
  i = l + 1
  i = 2 * .false.
  a = -l
  a = a ** l
end program p
