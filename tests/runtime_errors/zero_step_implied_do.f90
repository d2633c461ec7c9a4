! An implied-do whose step is zero at run time.
program zero_step_implied_do
  implicit none
  integer :: i, s
  s = -1
  print *, [(i, i = 3, 1, s)]
  s = 0
  print *, [(i, i = 3, 1, s)]
end program zero_step_implied_do
