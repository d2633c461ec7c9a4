! Kernel: repeated 1-D three-point smoothing (weights 1/4, 1/2, 1/4) done in
! place with overlapping sections; fixed end points. Formats with reversion.
program smoothing_1d
  implicit none
  integer, parameter :: n = 16
  real :: x(n)
  integer :: i, pass

  do i = 1, n
    x(i) = real(mod(i, 4)) * 2.0
  end do
  print '(8f9.4)', x
  do pass = 1, 4
    x(2:n-1) = 0.25 * x(1:n-2) + 0.5 * x(2:n-1) + 0.25 * x(3:n)
    print '(a, i2)', 'pass', pass
    print '(8f9.4)', x
  end do
  x(1:n:2) = 0.0
  x(2:n:2) = 8.0
  x(2:n-1) = (x(1:n-2) + x(2:n-1) * 2 + x(3:n)) / 4
  print '(8f9.4)', x
end program smoothing_1d
