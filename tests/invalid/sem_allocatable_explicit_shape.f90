program p
  implicit none
  real, allocatable :: a(10)
  real, allocatable, dimension(5, :) :: b
  a = 1.0
  b = 2.0
end program p
