! fuzz: run
! Found by tests/fuzz_harness.rs (a mutant of 38_game_of_life.f90 whose
! format width became 2147483647): `Iw` with a huge w built the 2 GiB field
! in memory and aborted on allocation failure (SIGABRT). Same fix as 001.
program p
  integer :: gen
  gen = 1
  print '(a, i2147483647)', 'generation', gen
end program p
