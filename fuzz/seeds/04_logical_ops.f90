! Relational operators in both spellings, logical operators and their
! precedence, logical output with list-directed and L edit descriptors.
program logical_ops
  implicit none
  integer :: i, j
  real :: x
  logical :: p, q, r

  i = 3; j = 5; x = 2.5
  print *, i < j, i .lt. j, i <= 3, i .le. 2
  print *, i > j, i .gt. j, j >= 5, j .ge. 6
  print *, i == 3, i .eq. j, i /= j, i .ne. 3
  print *, x < i, x .gt. 2, x == 2.5, x /= 2.5d0
  p = .true.; q = .false.
  r = p .and. q
  print *, r, p .or. q, .not. p, p .eqv. q, p .neqv. q
  print *, .not. (p .and. q) .eqv. (.not. p .or. .not. q)
  r = i < j .and. x > 1.0 .or. .not. q
  print '(l1, 1x, l2, 1x, l5)', r, q, p
  print '(4l3)', p, q, p .eqv. .true., q .neqv. .true.
  r = .not. p .and. q .or. p .and. .not. q   ! exclusive or, spelled out
  print *, r, .not. (.not. p)
  p = i + 2 > j .or. i * 2 < j
  q = (i > j) .eqv. (x > 3.0)
  print *, p, q
end program logical_ops
