program p
  implicit none
  real :: a(5)
  do i = 1, 5
    a(i) = i
  end do
end program p
