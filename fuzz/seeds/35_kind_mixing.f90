! Mixing kinds: real(4) with real(8) (promotion to double), integer with
! integer(8), explicit conversions with real() and dble(), in scalars and arrays.
program kind_mixing
  implicit none
  real :: x, xa(4)
  real(8) :: d, da(4)
  double precision :: dp
  integer :: i, ia(4)
  integer(8) :: l, la(4), p

  x = 0.1
  d = x                 ! exact widening of the real(4) value
  print *, d
  d = 0.1d0
  print *, d, dble(x), real(d)
  dp = x + d            ! real(4) promoted to real(8) before the addition
  print '(f20.16)', dp
  x = real(d * 3)
  print *, x

  i = 7
  l = i
  l = l * 2000000000
  p = 1000000007
  print *, l, l + i, l / i, mod(l, p)

  xa = [1.5, 2.25, -0.125, 8.0]
  da = xa * 2.0d0
  print *, da
  da = da + xa
  print *, da
  xa = real(da / 3)
  print '(4f10.5)', xa
  ia = int(da)
  print *, ia
  la = ia
  la = la * 1000000000 + ia
  print *, la(1:2)
  print *, la(3:4)
  da = dble(ia) / 2 + xa
  print '(4f10.5)', da
  print *, 2.5 * 2.0d0, 1.0d0 + 1.0, 3 * 1.5_8
end program kind_mixing
