! Kernel: odd-even transposition sort using strided sections; each phase
! compares disjoint pairs a(1:n-1:2)/a(2:n:2) or a(2:n-1:2)/a(3:n:2).
program odd_even_sort
  implicit none
  integer, parameter :: n = 10
  integer :: a(n), lo(n / 2), hi(n / 2)
  real :: x(7), xl(3), xh(3)
  integer :: pass, m, i

  a = [(mod(37 * i, 23) - 11, i = 1, n)]
  print '(a, 10i4)', 'start:', a
  do pass = 1, n
    if (mod(pass, 2) == 1) then
      m = n / 2
      lo(1:m) = min(a(1:n-1:2), a(2:n:2))
      hi(1:m) = max(a(1:n-1:2), a(2:n:2))
      a(1:n-1:2) = lo(1:m)
      a(2:n:2) = hi(1:m)
    else
      m = n / 2 - 1
      lo(1:m) = min(a(2:n-1:2), a(3:n:2))
      hi(1:m) = max(a(2:n-1:2), a(3:n:2))
      a(2:n-1:2) = lo(1:m)
      a(3:n:2) = hi(1:m)
    end if
    print '(a, i2, a, 10i4)', 'pass', pass, ':', a
  end do

  x = [2.5, -1.0, 7.25, 0.0, 3.5, -4.75, 1.0]
  do pass = 1, 7
    if (mod(pass, 2) == 1) then
      xl = min(x(1:5:2), x(2:6:2))
      xh = max(x(1:5:2), x(2:6:2))
      x(1:5:2) = xl
      x(2:6:2) = xh
    else
      xl = merge(x(3:7:2), x(2:6:2), x(2:6:2) > x(3:7:2))
      xh = merge(x(2:6:2), x(3:7:2), x(2:6:2) > x(3:7:2))
      x(2:6:2) = xl
      x(3:7:2) = xh
    end if
  end do
  print '(7f7.2)', x
end program odd_even_sort
