! Kernel: 2-D Jacobi sweep for the Laplace equation on a 6x6 grid, written as
! one in-place whole-section assignment (the right side uses old values).
program jacobi_2d
  implicit none
  integer, parameter :: n = 6
  real(8) :: u(n, n)
  integer :: i, it

  u = 0.0d0
  u(1, :) = 1.0d0          ! hot top edge
  u(:, n) = 0.5d0          ! warm right edge
  do it = 1, 4
    u(2:n-1, 2:n-1) = 0.25d0 * (u(1:n-2, 2:n-1) + u(3:n, 2:n-1) &
                              + u(2:n-1, 1:n-2) + u(2:n-1, 3:n))
  end do
  print *, 'after 4 sweeps'
  do i = 1, n
    print '(6f9.5)', u(i, :)
  end do
  do it = 5, 20
    u(2:n-1, 2:n-1) = 0.25d0 * (u(1:n-2, 2:n-1) + u(3:n, 2:n-1) &
                              + u(2:n-1, 1:n-2) + u(2:n-1, 3:n))
  end do
  print *, 'after 20 sweeps'
  do i = 1, n
    print '(6f9.4)', u(i, :)
  end do
  print '(a, f8.4)', 'centre value:', u(n / 2, n / 2)
end program jacobi_2d
