! Allocatable arrays: allocate with explicit and run-time bounds, use,
! deallocate and allocate again with a different shape.
program allocatables
  implicit none
  integer :: n, i, j
  real, allocatable :: x(:)
  integer, allocatable :: m(:, :), w(:)
  real(8), dimension(:), allocatable :: d
  logical, allocatable :: flags(:)

  n = 5
  allocate(x(0:n))
  x = [(real(i) / 2, i = 0, n)]
  print *, lbound(x), ubound(x), size(x)
  print '(6f6.2)', x

  allocate(m(n, -1:1))
  do j = -1, 1
    do i = 1, n
      m(i, j) = i * j
    end do
  end do
  print *, shape(m), lbound(m), ubound(m)
  print *, m(:, 1)
  print *, m(3, :)

  allocate(w(2 * n), d(n), flags(n))
  w = [(i, i = 1, 2 * n)]
  w(2:2 * n) = w(1:2 * n - 1) + w(2:2 * n)
  print *, w
  d = 0.5d0
  d(2:n) = d(1:n - 1) * 3
  print *, d
  flags = m(:, 1) > 2
  print *, flags

  deallocate(x)
  allocate(x(-2:2))
  x = 1.0
  x(0) = -1.0
  print *, lbound(x), ubound(x), x

  deallocate(m, w)
  n = 3
  allocate(m(0:n, 0:n))
  do j = 0, n
    do i = 0, n
      m(i, j) = i - j
    end do
  end do
  print *, size(m), shape(m)
  do i = 0, n
    print '(4i4)', m(i, :)
  end do
  deallocate(m, x, d, flags)
end program allocatables
