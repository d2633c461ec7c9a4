program p
  implicit none
  integer :: dp
  real(8) :: x
  dp = 8
  x = 1.0_dp
  x = 2.0_wp
end program p
