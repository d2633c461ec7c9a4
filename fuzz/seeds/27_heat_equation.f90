! Kernel: explicit time stepping of the 1-D heat equation with fixed
! boundaries; u(2:n-1) = u(2:n-1) + r*(u(1:n-2) - 2*u(2:n-1) + u(3:n)).
program heat_equation
  implicit none
  integer, parameter :: n = 11
  real(8) :: u(n)
  real(8) :: r
  integer :: step

  r = 0.25d0
  u = 0.0d0
  u(1) = 1.0d0
  u(6) = 2.0d0
  print '(i3, 11f7.4)', 0, u
  do step = 1, 10
    u(2:n-1) = u(2:n-1) + r * (u(1:n-2) - 2.0d0 * u(2:n-1) + u(3:n))
    if (mod(step, 2) == 0) print '(i3, 11f7.4)', step, u
  end do
  print '(a, es12.4)', 'u(n-1) =', u(n-1)
end program heat_equation
