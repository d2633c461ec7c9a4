! Elemental intrinsics applied to whole arrays and sections, with scalar
! arguments broadcast; logical masks from array comparisons used by merge.
program intrinsics_elemental
  implicit none
  integer, parameter :: n = 6
  integer :: i
  integer :: ia(n), ib(n), ic(n)
  real :: x(n), y(n), z(n)
  real(8) :: d(n)
  logical :: m(n)

  ia = [(i - 3, i = 1, n)]
  ib = [2, -2, 3, -3, 4, -4]
  ic = abs(ia)
  print *, ic
  print *, max(ia, 0)
  print *, min(ia, ib, 1)
  print *, mod(ia * 5, 3)
  print *, modulo(ia * 5, 3)
  print *, sign(ib, ia)
  print *, mod(ib, ia(n:1:-1) + 4)

  x = [(0.5 * i - 1.75, i = 1, n)]
  print *, x
  print *, int(x)
  print *, nint(x)
  print *, floor(x), ceiling(x)
  y = abs(x)
  print '(6f8.3)', y
  z = sqrt(y)
  print '(6f8.4)', z
  print '(6f8.4)', exp(x)
  print '(6f8.4)', log(y)
  print '(6f8.4)', sin(x)
  print '(6f8.4)', cos(x)
  print '(6f8.4)', tan(x)
  print '(6f8.4)', atan2(x, y + 1)
  print '(6f8.3)', max(x, 0.0), min(x, -0.5)
  print '(6f8.3)', mod(x * 3, 1.0)
  print '(6f8.3)', modulo(x * 3, 1.0)
  print '(6f8.3)', sign(2.0, x)

  d = dble(x) * 2
  print *, d(1:3)
  z = real(d) / 4
  print *, z
  print *, real(ia) / 4

  m = x > 0
  print *, m
  print *, merge(ia, -ia, m)
  z = merge(x, 0.0, m)
  print '(6f6.2)', z
  print *, merge(1, 0, ia >= 0 .and. ib > 0)
  print *, nint(d * 10), int(sqrt(real(ic * ic)))
end program intrinsics_elemental
