program p
  implicit none
  real :: a(2, 2, 2, 2, 2, 2, 2, 2)
  real, allocatable :: b(:, :, :, :, :, :, :, :)
  a = 1.0
end program p
