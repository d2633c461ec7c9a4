! Overlapping assignments on 2-D arrays: row and column shifts, a row
! assigned from a column of the same matrix, diagonal shift, row flip, and
! rank-reduced sections of different arrays x(:,3) = y(2,:).
program overlap_2d
  implicit none
  integer, parameter :: n = 4, m = 5
  integer :: b(n, m), c(n, n), x(n, m), y(m, n)
  integer :: i, j

  do j = 1, m
    do i = 1, n
      b(i, j) = 10 * i + j
    end do
  end do
  b(2:n, :) = b(1:n-1, :)
  print *, 'b(2:n,:) = b(1:n-1,:)'
  do i = 1, n
    print '(5i4)', b(i, :)
  end do
  b(:, 2:m) = b(:, 1:m-1)
  print *, 'b(:,2:m) = b(:,1:m-1)'
  do i = 1, n
    print '(5i4)', b(i, :)
  end do

  do j = 1, n
    do i = 1, n
      c(i, j) = 10 * i + j
    end do
  end do
  c(2, :) = c(:, 2)
  print *, 'c(2,:) = c(:,2)'
  do i = 1, n
    print '(4i4)', c(i, :)
  end do
  c(:, 3) = c(1, :)
  print *, 'c(:,3) = c(1,:)'
  do i = 1, n
    print '(4i4)', c(i, :)
  end do
  c(1:n-1, 2:n) = c(2:n, 1:n-1)
  print *, 'diagonal shift'
  do i = 1, n
    print '(4i4)', c(i, :)
  end do
  c = c(n:1:-1, :)
  print *, 'rows flipped'
  do i = 1, n
    print '(4i4)', c(i, :)
  end do
  c(1, :) = c(n:1:-1, 1)
  print *, 'c(1,:) = c(n:1:-1,1)'
  do i = 1, n
    print '(4i4)', c(i, :)
  end do

  do j = 1, n
    do i = 1, m
      y(i, j) = 100 * i + j
    end do
  end do
  x = 0
  x(:, 3) = y(2, :)
  x(1, 2:m) = y(2:m, n)
  x(n:1:-1, 1) = y(m, :)
  print *, 'x after x(:,3) = y(2,:) and friends'
  do i = 1, n
    print '(5i5)', x(i, :)
  end do
end program overlap_2d
