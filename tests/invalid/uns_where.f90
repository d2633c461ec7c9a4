program p
  implicit none
  real :: a(4)
  a = [1.0, -2.0, 3.0, -4.0]
  where (a < 0.0) a = 0.0
  where (a > 2.0)
    a = 2.0
  elsewhere
    a = -a
  end where
  print *, a
end program p
