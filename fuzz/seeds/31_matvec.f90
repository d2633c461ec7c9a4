! Kernel: matrix-vector products with do loops over sections: column-oriented
! y = y + a(:,j)*x(j), row-oriented dot products, and the transposed product.
program matvec
  implicit none
  integer, parameter :: n = 4, m = 3
  integer :: a(n, m), x(m), y(n), y2(n), z(m), t(m)
  real :: ar(n, n), xr(n), yr(n)
  integer :: i, j

  do j = 1, m
    do i = 1, n
      a(i, j) = i - 2 * j + 3
    end do
  end do
  x = [2, -1, 3]

  y = 0
  do j = 1, m
    y = y + a(:, j) * x(j)
  end do
  print '(a, 4i6)', 'column: ', y

  do i = 1, n
    t = a(i, :) * x
    y2(i) = 0
    do j = 1, m
      y2(i) = y2(i) + t(j)
    end do
  end do
  print '(a, 4i6)', 'row:    ', y2

  z = 0
  do i = 1, n
    z = z + a(i, :) * y(i)
  end do
  print '(a, 3i6)', 'A^T y:  ', z

  do j = 1, n
    do i = 1, n
      ar(i, j) = 1.0 / real(i + j - 1)
    end do
  end do
  xr = [(real(i), i = 1, n)]
  yr = 0.0
  do j = 1, n
    yr = yr + ar(:, j) * xr(j)
  end do
  print '(a, 4f10.5)', 'hilbert:', yr
  do i = 1, n
    print '(4f8.4)', ar(i, :)
  end do
end program matvec
