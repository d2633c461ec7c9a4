program p
  implicit none
  type point
    real :: x, y
  end type point
  print *, 1
end program p
