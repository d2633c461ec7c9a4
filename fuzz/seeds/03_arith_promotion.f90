! Arithmetic operators, precedence and associativity, unary minus,
! integer division truncation, and integer/real/double promotion.
program arith_promotion
  implicit none
  integer :: i, j, k
  integer(8) :: l
  real :: x, y
  real(8) :: d

  i = 7; j = 2; k = -7
  print *, i / j, k / j, i / k, i * j - k
  print *, i ** j, j ** 10, (-j) ** 3, 2 ** 3 ** 2
  print *, -i ** 2, -j * 3, i - j - 1, i / j * j
  print *, 100 / j / 5, 100 / (j * 5), i + j * k
  x = i / j            ! integer division happens first
  y = real(i) / j      ! real division
  print *, x, y
  x = i / 2.0
  print *, x, i + 0.5, j * 1.5
  d = i / 4.0d0
  print *, d, d * j
  x = 2.0
  print *, x ** 3, x ** (-2), 4.0 ** 0.5
  print '(f10.6)', x ** 1.5
  l = i
  l = l * 1000000000 + j
  print *, l, l / i
  d = 1.0d0 / 3
  print '(f20.16)', d
  print *, 1 + 2 * 3 - 4 / 2, (i + 2) * (j - 4) / 4
  print *, -x + 3, -(x + 3), +x
end program arith_promotion
