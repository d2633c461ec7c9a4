! Named constants (parameter) of each type, array shapes computed from
! parameter expressions, and parameters used in expressions and bounds.
program parameter_shapes
  implicit none
  integer, parameter :: n = 3
  integer, parameter :: m = 2 * n, k = n * m - 1
  real, parameter :: half = 0.5
  real(8), parameter :: third = 1.0d0 / 3.0d0
  logical, parameter :: verbose = .true.
  real :: a(n, 2*n)
  integer :: b(0:k), c(-n:n)
  integer, dimension(m - 1, n + 1) :: d
  real(8) :: e(n**2)
  integer :: i, j

  print *, n, m, k, half, verbose
  print '(f12.9)', third
  print *, shape(a), shape(b), lbound(b), ubound(b)
  print *, lbound(c), ubound(c), shape(d), size(e)

  do j = 1, 2 * n
    do i = 1, n
      a(i, j) = half * (i + j)
    end do
  end do
  do i = 1, n
    print '(6f6.2)', a(i, :)
  end do
  b = [(i * k, i = 0, k)]
  print '(9i5)', b
  c = [(i, i = -n, n)]
  print *, c
  d = 1
  d(:, n + 1) = [(i, i = 1, m - 1)]
  print *, d(:, n + 1), d(m - 1, :)
  e = third * 3
  print '(9f6.3)', e
  i = k
  if (verbose) print *, 'k / n =', i / n, ' half * k =', half * k
end program parameter_shapes
