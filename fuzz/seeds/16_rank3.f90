! Rank-3 arrays: element access, sections mixing scalar subscripts and
! triplets (rank-reducing), assignments between rank-3 and rank-2 sections.
program rank3
  implicit none
  integer, parameter :: n1 = 3, n2 = 4, n3 = 2
  integer :: t(n1, n2, n3), u(n2, n3), v(n1)
  integer :: i, j, k, k1, k2

  do k = 1, n3
    do j = 1, n2
      do i = 1, n1
        t(i, j, k) = 100 * i + 10 * j + k
      end do
    end do
  end do
  print '(12i5)', t
  print *, size(t), shape(t), size(t, 2)
  print *, t(:, 2, 1)
  print *, t(2, :, 2)
  k1 = 1; k2 = 2
  print *, t(:, 2, k1:k2)
  print *, shape(t(:, 2, k1:k2)), shape(t(2, :, :)), shape(t(1:3:2, 2:3, :))
  u = t(2, :, :)
  print '(4i5)', u
  v = t(:, n2, n3)
  print *, v
  t(:, :, 2) = t(:, :, 1) * 2
  print '(12i5)', t(:, :, 2)
  t(3:1:-1, 1, :) = t(:, 4, :)
  print '(3i5)', t(:, 1, :)
  t(1, :, :) = u(n2:1:-1, :) + 1
  print '(4i5)', t(1, :, :)
  t(:, 2:3, 1) = t(:, 1:2, 1)
  print '(12i5)', t(:, :, 1)
  print *, t(2, 3, 1), t(n1, n2, n3)
end program rank3
