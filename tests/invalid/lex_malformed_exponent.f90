program p
  implicit none
  real :: x, y
  x = 1.5e
  y = 2.0d+ * x
end program p
