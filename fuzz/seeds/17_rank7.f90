! A rank-7 array with small extents: element loops, whole-array print,
! rank-reducing sections with scalar subscripts, bounds inquiry.
program rank7
  implicit none
  integer :: r(2, 1, 2, 1, 2, 1, 2)
  integer :: q(0:1, 1, 1, 1, 1, 1, -1:0)
  integer :: s(2, 2)
  integer :: i1, i3, i5, i7

  do i7 = 1, 2; do i5 = 1, 2; do i3 = 1, 2; do i1 = 1, 2
    r(i1, 1, i3, 1, i5, 1, i7) = 1000 * i1 + 100 * i3 + 10 * i5 + i7
  end do; end do; end do; end do

  print *, size(r), size(r, 7)
  print *, shape(r)
  print '(8i6)', r
  print *, r(:, 1, 2, 1, 1, 1, :)
  s = r(2, 1, :, 1, 1, 1, :)
  print *, s
  print *, r(1, 1, 1, 1, :, 1, 2), r(2, 1, 2, 1, 2, 1, 2)
  r(:, :, 1, :, :, :, :) = r(:, :, 2, :, :, :, :) + 1
  print '(8i6)', r
  r(:, 1, :, 1, 2, 1, 1) = s * 10
  print '(8i6)', r(:, :, :, :, :, :, 1)

  q = 0
  q(1, 1, 1, 1, 1, 1, :) = [7, 8]
  q(0, 1, 1, 1, 1, 1, -1) = -5
  print *, q
  print *, lbound(q), ubound(q)
  print *, shape(q(:, 1, 1, 1, 1, 1, :)), size(q)
end program rank7
