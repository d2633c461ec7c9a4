! Vector subscripts on the right and on the left side of assignments,
! including sections of index vectors, repeated indices on the right side,
! and vector subscripts combined with scalar subscripts in 2-D.
program vector_subscripts
  implicit none
  integer :: i, j
  integer :: a(8), b(4), idx(4), cols(3)
  integer :: m(3, 4), r(3, 3)
  real :: x(8)

  a = [(10 * i, i = 1, 8)]
  idx = [8, 1, 5, 2]
  b = a(idx)
  print *, b
  a(idx) = [-1, -2, -3, -4]
  print *, a
  print *, a([3, 3, 6])
  b = a(idx(4:1:-1))
  print *, b
  a(idx) = a(idx) + 100
  print *, a
  a(idx(1:2)) = b(3:4)
  print *, a
  print *, a([(i, i = 8, 2, -2)])

  do j = 1, 4
    do i = 1, 3
      m(i, j) = 10 * i + j
    end do
  end do
  cols = [4, 1, 3]
  r = m(:, cols)
  do i = 1, 3
    print '(3i4)', r(i, :)
  end do
  print *, m(2, cols), m([3, 1], 2)
  m(2, cols) = 0
  m([1, 3], 4) = -1
  do i = 1, 3
    print '(4i4)', m(i, :)
  end do

  x = 0.0
  x(idx) = [1.5, 2.5, 3.5, 4.5]
  print '(8f5.1)', x
  x(idx(2:4)) = x(idx(1:3)) * 2
  print '(8f5.1)', x
end program vector_subscripts
