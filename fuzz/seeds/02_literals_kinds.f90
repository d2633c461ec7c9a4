! Numeric literals in all supported spellings: exponents e/E/d/D, kind suffix _8,
! integer(8) arithmetic beyond the default integer range, logical literals.
program literals_kinds
  implicit none
  real :: a, b, c4
  real(8) :: c, d, e
  double precision :: f
  integer(8) :: k8
  integer :: k4

  a = 1.5e3
  b = 2.5E-2
  c4 = 0.1
  c = 1.5d0
  d = 1.5_8
  e = 3.0D2
  f = 1.0d0 / 4.0d0
  k4 = 1000
  k8 = k4
  k8 = k8 * k4 * k4 * 3      ! 3e9 does not fit in a default integer

  print *, a, b
  print *, c4, 0.1d0
  print *, c, d, e, f
  print *, k8, k8 + k4
  print *, 1.5_8 * 2, 2.0e0 ** 3, 1e2
  print '(f10.3, 1x, es12.4)', a, b
  print '(3f8.3)', c, d, f
  print '(i12)', k8
  print *, .true., .false.
  print '(2l2)', .true., .false.
end program literals_kinds
