! 10**15 real(8) elements: 8 PB, far more than any machine has.
program allocate_absurd_size
  implicit none
  real(8), allocatable :: a(:)
  integer(8) :: n
  n = 10_8**15
  print *, 'n =', n
  allocate(a(n))
  print *, 'not reached'
end program allocate_absurd_size
