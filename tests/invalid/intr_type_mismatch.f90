program p
  implicit none
  real :: x
  integer :: i
  x = abs(.true.)
  i = mod(1, .false.)
  i = nint(3)
  x = atan2(1, 2.0)
end program p
