program p
  implicit none
  real :: cost$
  cost = 1.0
end program p
