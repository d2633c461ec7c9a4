program p
  implicit none
  real :: x
  integer :: a(3)
  do x = 1.0, 2.0
  end do
  do a = 1, 3
  end do
end program p
