! Kernel: prefix sums, sequential with a do loop and data-parallel
! (Hillis-Steele doubling) with the overlapping s(d+1:n) = s(d+1:n) + s(1:n-d).
program prefix_sums
  implicit none
  integer, parameter :: n = 12
  integer :: a(n), s(n), p(n), ex(n)
  integer :: i, d
  logical :: same

  a = [(mod(5 * i, 7) - 2, i = 1, n)]
  print '(a, 12i5)', 'a   ', a

  s(1) = a(1)
  do i = 2, n
    s(i) = s(i - 1) + a(i)
  end do
  print '(a, 12i5)', 'seq ', s

  p = a
  d = 1
  do while (d < n)
    p(d+1:n) = p(d+1:n) + p(1:n-d)
    d = d * 2
  end do
  print '(a, 12i5)', 'par ', p

  same = .true.
  do i = 1, n
    if (s(i) /= p(i)) same = .false.
  end do
  print *, 'equal:', same, ' rounds:', d

  ex(1) = 0
  ex(2:n) = s(1:n-1)
  print '(a, 12i5)', 'excl', ex

  p = a
  do i = n, 2, -1
    p(i-1) = p(i-1) + p(i)
  end do
  print '(a, 12i5)', 'suff', p
  print '(a, 12i5)', 'diff', s(2:n) - s(1:n-1)
end program prefix_sums
