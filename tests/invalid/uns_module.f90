module constants
  implicit none
  real, parameter :: g = 9.81
end module constants

program p
  use constants
  implicit none
  print *, g
end program p
