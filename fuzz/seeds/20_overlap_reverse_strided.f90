! In-place reversal and strided overlaps: a = a(n:1:-1), a(1:n:2) = a(2:n:2),
! a(1:4:2) = a(2:3), a(2:6:2) = a(1:3), reversal through the left side.
program overlap_reverse_strided
  implicit none
  integer, parameter :: n = 8
  integer :: a(n), i

  a = [(i, i = 1, n)]
  a = a(n:1:-1)
  print *, a
  a = [(i, i = 1, n)]
  a(1:n:2) = a(2:n:2)
  print *, a
  a = [(i, i = 1, n)]
  a(2:n:2) = a(1:n:2)
  print *, a
  a = [(i, i = 1, n)]
  a(1:4:2) = a(2:3)
  print *, a
  a = [(i, i = 1, n)]
  a(2:6:2) = a(1:3)
  print *, a
  a = [(i, i = 1, n)]
  a(1:3) = a(2:6:2)
  print *, a
  a = [(i, i = 1, n)]
  a(1:n/2) = a(n:n/2+1:-1)
  print *, a
  a = [(i, i = 1, n)]
  a(n:1:-1) = a
  print *, a
  a = [(i, i = 1, n)]
  a = a(n:1:-1) + 10 * a
  print *, a
  a = [(i, i = 1, n)]
  a(2:n) = a(n-1:1:-1)
  print *, a
  a = [(i, i = 1, n)]
  a(n:1:-2) = a(1:n:2)
  print *, a
  a = [(i, i = 1, n)]
  a(::3) = a(n:1:-3)
  print *, a
  a = [(i, i = 1, n)]
  a(5:8) = a(1:7:2)
  print *, a
end program overlap_reverse_strided
