! fuzz: run
! A field width of 2**31-1 made the runtime's format engine allocate the
! whole field in memory (2 GiB, then copies): abort on allocation failure
! (SIGABRT) or the machine's memory. Fixed in runtime/src/format/exec.rs:
! one statement's output is bounded (MAX_STATEMENT_OUTPUT), past it a
! run-time error, exit status 2.
program p
  print '(F2147483647.1)', 1.5
end program p
