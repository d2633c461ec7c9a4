! fuzz: run
! `F0.d` with d = 2000000000: 2e9 digits generated in memory (same cause
! and fix as 001; the bound counts the digits as well as the width).
program p
  real(8) :: x
  x = 1.5d0
  print '(F0.2000000000)', x
end program p
