program p
  implicit none
  real :: a(4)
  a = 1.0
  if (a > 0.0) then
    print *, a
  end if
  do while (a < 2.0)
    a = a + 1
  end do
end program p
