! Array constructors [ ] and (/ /), implied-do (nested, with step, empty),
! constructors mixing scalars, sections and other constructors.
program constructors
  implicit none
  integer :: i, j, n
  integer :: a(5), b(6), c(10)
  real :: x(4)
  real(8) :: d(3)

  a = [1, 3, 5, 7, 9]
  print *, a
  a = (/ 2, 4, 6, 8, 10 /)
  print *, a
  b = [(i * i, i = 1, 6)]
  print *, b
  b = [((i + 10 * j, i = 1, 3), j = 1, 2)]
  print *, b
  c = [0, (i, i = 1, 4), (/ (-i, i = 1, 4) /), 99]
  print *, c
  c = [(i, -i, i = 1, 5)]
  print *, c
  c = (/ ((i * j, j = 1, i), i = 1, 4) /)
  print *, c
  x = [1.5, 2.5, 3.0, -1.0]
  print *, x
  x = [(0.5 * i, i = 1, 4)]
  print *, x
  d = [1.0d0, 2.5d0, -0.25d0]
  print *, d
  print *, [(i, i = 10, 1, -3)]
  print *, [a, b(1:2)]
  n = 0
  print *, size([(i, i = 1, n)]), size([a(3:2), b(2:1)])
  a = [(i, i = 1, 3), a(4:5)]
  print *, a
  b(2:5) = [(b(i) * 2, i = 1, 4)]
  print *, b
  a = [a(5:1:-1)]
  print *, a
  c = [a, a * 10]
  print *, c
  print *, [((10 * i + j, j = i, 3), i = 1, 3)]
  print '(3i4)', [(i, i = 1, 9)]
end program constructors
