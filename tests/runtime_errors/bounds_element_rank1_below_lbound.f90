! A lower bound other than 1: index -4 of a(-3:5).
program bounds_element_rank1_below_lbound
  implicit none
  real :: a(-3:5)
  integer :: k
  a = 1.5
  k = -3
  print *, a(k)
  k = k - 1
  a(k) = 2.0
  print *, 'not reached'
end program bounds_element_rank1_below_lbound
