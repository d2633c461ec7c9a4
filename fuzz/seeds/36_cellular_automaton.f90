! Kernel: 1-D cellular automaton (rule 90) on a logical array, updated in
! place with c(2:n-1) = c(1:n-2) .neqv. c(3:n); printed via merge and I1.
program cellular_automaton
  implicit none
  integer, parameter :: n = 31
  logical :: c(n)
  integer :: gen

  c = .false.
  c((n + 1) / 2) = .true.
  print '(31i1)', merge(1, 0, c)
  do gen = 1, 15
    c(2:n-1) = c(1:n-2) .neqv. c(3:n)
    print '(31i1)', merge(1, 0, c)
  end do
  c = .false.
  c(n) = .true.
  do gen = 1, 6
    c(1:n-1) = c(2:n) .or. c(1:n-1) .and. .not. c(2:n)
  end do
  print *, c(n-8:n)
end program cellular_automaton
