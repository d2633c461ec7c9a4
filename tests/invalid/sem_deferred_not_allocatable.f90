program p
  implicit none
  real :: a(:)
  integer, dimension(:, :) :: m
  a = 1.0
  m = 2
end program p
