! fuzz: run
! `T`/`X` positions and a repeated group of them: each item materialised
! 200 million blanks in the record before the next item (same fix as 001).
program p
  integer :: i
  i = 7
  write(*, '(2000000000(200000000X, I2))') i, i, i, i, i, i, i, i, i, i, i, i
end program p
