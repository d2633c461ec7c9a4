! Whole-array expressions and assignments: elementwise arithmetic, scalar
! broadcast, type conversion on assignment, logical arrays, print of arrays.
program whole_arrays
  implicit none
  integer, parameter :: n = 5
  integer :: a(n), b(n), c(n)
  real :: x(n), y(n)
  real(8) :: d(n)
  logical :: m(n), m2(n)
  integer :: i

  do i = 1, n
    a(i) = i
  end do
  b = 10
  c = a + b
  print *, c
  c = a * b - 2 * a
  print *, c
  c = -a
  print *, c
  c = a ** 2
  print *, c
  c = b / a
  print *, c
  c = 3 - a * (b - 7)
  print *, c

  x = a
  x = x / 2 + 0.25
  print *, x
  y = 2 * x
  print '(5f7.2)', y
  d = x
  d = d * 1.5d0
  print *, d
  y = real(x * d)  ! real(4) * real(8) is real(8); converted back to real(4)
  print '(5f9.4)', y

  m = a > 2 .and. a < 5
  print *, m
  m2 = .not. m
  print *, m2
  m = m .eqv. m2
  print *, m
  m = a == b .or. a >= 4
  print *, m

  x = 0.0
  a = 7
  d = -1.5d0
  print *, x, a
  print *, d
  a = b
  b = 0
  print *, a, b
  print *, a + 1, x + 0.5
end program whole_arrays
