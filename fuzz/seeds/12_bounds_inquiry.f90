! Explicit lower bounds (including negative and zero), and the inquiry
! functions size, lbound, ubound and shape on arrays and on sections.
program bounds_inquiry
  implicit none
  integer, parameter :: n = 4
  integer :: a(0:n, -1:1)
  real :: v(-3:3)
  logical :: f(10:12)
  integer :: i, j
  integer :: s(2)

  do j = -1, 1
    do i = 0, n
      a(i, j) = 10 * i + j
    end do
  end do
  print *, size(a), size(a, 1), size(a, 2)
  print *, lbound(a), ubound(a)
  print *, lbound(a, 1), lbound(a, 2), ubound(a, 1), ubound(a, 2)
  print *, shape(a)
  s = shape(a)
  print *, s(1) * s(2)
  print *, a(:, 0)
  print *, a(2, :)
  print *, a(n, -1), a(0, 1)

  v = [(real(i), i = -3, 3)]
  print *, lbound(v), ubound(v), size(v), shape(v)
  print *, v(-1:1)
  print *, v(lbound(v, 1):ubound(v, 1):3)

  print *, lbound(a(1:3, :)), ubound(a(1:3, :))
  print *, shape(a(1:n:2, 0)), shape(a(:, 0:1)), size(a(n:0:-1, -1))

  f = .false.
  f(11) = .true.
  print *, f, lbound(f), ubound(f), size(f)
  do i = lbound(a, 1), ubound(a, 1)
    print '(i3, 3i5)', i, a(i, :)
  end do
end program bounds_inquiry
