! Overlapping shifts within one array: the right side must be evaluated
! completely before any element of the left side is stored.
program overlap_shift
  implicit none
  integer, parameter :: n = 8
  integer :: a(n), i

  a = [(i, i = 1, n)]
  a(2:n) = a(1:n-1)
  print *, a
  a = [(i, i = 1, n)]
  a(1:n-1) = a(2:n)
  print *, a
  a = [(i, i = 1, n)]
  a(3:n) = a(1:n-2)
  print *, a
  a = [(i, i = 1, n)]
  a(1:n-2) = a(3:n)
  print *, a
  a = [(i, i = 1, n)]
  a(2:n) = a(1:n-1) + a(2:n)
  print *, a
  a(1:n-1) = a(2:n) - a(1:n-1)
  print *, a
  a = [(i, i = 1, n)]
  a(3:n:2) = a(1:n-2:2)
  print *, a
  a = [(i, i = 1, n)]
  a(n:2:-1) = a(n-1:1:-1)
  print *, a
  a = [(i, i = 1, n)]
  a(1:n-1) = a(n:2:-1)
  print *, a
  a = [(i * i, i = 1, n)]
  a(2:) = a(:n-1) * 10 + a(2:)
  print *, a
  a = [(i, i = 1, n)]
  a(:n-1) = 2 * a(2:) - a(:n-1)
  print *, a
  a = [(i, i = 1, n)]
  a(4:n) = a(1:n-3)
  a(1:3) = 0
  print *, a
end program overlap_shift
