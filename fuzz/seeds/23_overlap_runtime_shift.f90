! Shifts by a run-time amount k: a(k+1:n) = a(1:n-k) and a(1:n-k) = a(k+1:n)
! for k from 0 (identity) to n (zero-sized sections); rotation via temporary.
program overlap_runtime_shift
  implicit none
  integer, parameter :: n = 10
  integer :: a(n), t(n), i, k

  do k = 0, n, 2
    a = [(i, i = 1, n)]
    a(k+1:n) = a(1:n-k)
    print '(a, i3, a, 10i3)', 'right', k, ':', a
  end do
  do k = 1, n, 3
    a = [(i, i = 1, n)]
    a(1:n-k) = a(k+1:n)
    print '(a, i3, a, 10i3)', 'left ', k, ':', a
  end do
  do k = 1, 4
    a = [(i, i = 1, n)]
    t(1:k) = a(n-k+1:n)
    a(k+1:n) = a(1:n-k)
    a(1:k) = t(1:k)
    print '(a, i3, a, 10i3)', 'rot  ', k, ':', a
  end do
  k = 3
  a = [(i, i = 1, n)]
  a(k:n:k) = a(1:n-k+1:k)
  print '(a, i3, a, 10i3)', 'strd ', k, ':', a
  a = [(i, i = 1, n)]
  a(n-k+1:1:-k) = a(n:k:-k)
  print '(a, i3, a, 10i3)', 'back ', k, ':', a
end program overlap_runtime_shift
