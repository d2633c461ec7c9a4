! Elemental intrinsics applied to scalars: abs sqrt exp log sin cos tan atan2
! max min mod modulo sign int nint floor ceiling real dble merge.
program intrinsics_scalar
  implicit none
  integer :: i, j
  real :: x, y
  real(8) :: d

  i = -7; j = 3
  print *, abs(i), max(i, j, 0), min(i, j), mod(i, j), modulo(i, j), sign(5, i)
  print *, mod(7, -3), modulo(7, -3), sign(-4, 2), sign(4, -2), max(-1, -2)
  x = -2.5; y = 2.5
  print *, abs(x), int(x), nint(x), floor(x), ceiling(x)
  print *, int(y), nint(y), floor(y), ceiling(y), nint(3.49), nint(-3.5)
  print *, max(x, y), min(x, y, 0.0), sign(1.5, x), mod(7.5, 2.0), modulo(-7.5, 2.0)
  print *, real(i), dble(j), real(j) / 2, int(7.99), int(-7.99)
  print *, merge(1, 2, x < y), merge(x, y, x > y), merge(.true., .false., i > j)
  print '(4f10.5)', sqrt(2.0), exp(1.0), log(10.0), atan2(1.0, 1.0)
  print '(3f10.5)', sin(0.5), cos(0.5), tan(0.5)
  d = 2.0d0
  print '(4f14.10)', sqrt(d), exp(d), log(d), atan2(-1.0d0, -1.0d0)
  print '(3f14.10)', sin(d), cos(d), tan(d)
  print *, sqrt(16.0), sqrt(2.25d0), exp(0.0), log(1.0)
  print *, abs(-3.5d0), max(1.5d0, 2.5d0), min(2, 9), mod(17, 5), modulo(-17, 5)
  print *, floor(-0.5d0), ceiling(-0.5d0), nint(2.5d0), int(1.0d10 / 1.0d3)
end program intrinsics_scalar
