! Kernel: Horner evaluation of polynomials over whole arrays, with a
! coefficient array indexed from 0 and a loop with negative step.
program horner
  implicit none
  integer, parameter :: deg = 4, m = 9
  integer :: c(0:deg), ix(7), iy(7)
  real :: cr(0:3), x(m), y(m)
  real(8) :: cd(0:deg), xd(5), yd(5)
  integer :: i, k

  c = [1, -2, 0, 3, 1]            ! 1 - 2x + 3x^3 + x^4
  ix = [(i, i = -3, 3)]
  iy = c(deg)
  do k = deg - 1, 0, -1
    iy = iy * ix + c(k)
  end do
  print '(7i6)', ix
  print '(7i6)', iy

  cr = [0.5, -1.0, 0.25, 2.0]     ! 0.5 - x + 0.25x^2 + 2x^3
  x = [(-1.0 + 0.25 * (i - 1), i = 1, m)]
  y = cr(3)
  do k = 2, 0, -1
    y = y * x + cr(k)
  end do
  print '(9f9.5)', x
  print '(9f9.5)', y

  cd = [1.0d0, 1.0d0, 0.5d0, 1.0d0 / 6.0d0, 1.0d0 / 24.0d0]   ! Taylor series of exp
  xd = [(0.5d0 * (i - 3), i = 1, 5)]
  yd = cd(deg)
  do k = deg - 1, 0, -1
    yd = yd * xd + cd(k)
  end do
  print '(5f12.6)', xd
  print '(5f12.6)', yd
  print '(5f12.6)', yd - exp(xd)
end program horner
