! fuzz: run
! A repeat count of 2**31-1 over a string and a slash: gigabytes of records
! accumulated in memory before anything was written (same fix as 001).
program p
  print '(2000000000("0123456789012345678901234567890123456789012345678901234567890123456789", /))'
end program p
