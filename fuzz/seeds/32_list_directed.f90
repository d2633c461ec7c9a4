! List-directed output layout: integers of both kinds, real(4) and real(8)
! in fixed and exponential ranges, logicals, strings and arrays mixed.
program list_directed
  implicit none
  integer :: i, ia(3)
  integer(8) :: k
  real :: x, xs(3)
  real(8) :: d, ds(2)
  logical :: l(2)

  i = -123
  k = 1000000
  k = k * k * 9
  x = 0.1
  d = 0.1d0
  ia = [1, -20, 300]
  xs = [1.0, -0.5, 1.0e-3]
  ds = [1.0d5, -2.5d-4]
  l = [.true., .false.]

  print *, i, k
  print *, ia
  print *, x, d
  print *, xs
  print *, ds
  print *, l
  print *, 'mixed:', i, x, d, l(1), ia(2)
  print *, 1.0e10, 1.0e-10, 123456.7, 1.0e8, 0.099
  print *, 1.0d15, 1.0d-15, 0.5d0, 1.0d0 / 3.0d0
  print *, 0.0, 0.0d0, -0.0, 2.0 ** 20
  print *, 2147483647, -2147483647, k * 1000
  write(*, *) ia, xs(1), l
  write(*, *) 'text only'
  print *, 'a', 'b', 1, 'c'
  print *, 3.0 / 7.0, 3.0d0 / 7.0d0
  print *, real(k), dble(k)
end program list_directed
