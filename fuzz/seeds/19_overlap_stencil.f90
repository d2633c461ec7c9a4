! Three-point stencils assigned in place: a(2:n-1) = f(a(1:n-2), a(3:n))
! needs a temporary (old neighbour values), for integers and reals.
program overlap_stencil
  implicit none
  integer, parameter :: n = 9
  integer :: a(n), i, it
  real :: x(n)
  real(8) :: y(n)

  a = [(i * i, i = 1, n)]
  a(2:n-1) = (a(1:n-2) + a(3:n)) / 2
  print *, a
  a = [(mod(7 * i, 10), i = 1, n)]
  print *, a
  a(2:n-1) = a(1:n-2) + a(2:n-1) + a(3:n)
  print *, a
  a = [(i, i = 1, n)]
  a(2:n-1) = a(3:n) - a(1:n-2)
  print *, a

  x = 0.0
  x((n + 1) / 2) = 16.0
  do it = 1, 3
    x(2:n-1) = (x(1:n-2) + x(3:n)) / 2
    print '(9f7.3)', x
  end do

  y = 0.0d0
  y(1) = 1.0d0
  y(n) = -1.0d0
  do it = 1, 4
    y(2:n-1) = 0.5d0 * (y(1:n-2) + y(3:n))
  end do
  print '(9f8.4)', y

  a = 0
  a(5) = 64
  do it = 1, 3
    a(2:n-1) = (a(1:n-2) + 2 * a(2:n-1) + a(3:n)) / 4
    print '(9i4)', a
  end do
end program overlap_stencil
