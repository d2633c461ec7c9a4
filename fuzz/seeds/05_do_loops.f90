! DO loops: positive, negative and zero-trip steps, loop variable value after
! the loop, do while, exit and cycle, nested loops.
program do_loops
  implicit none
  integer :: i, j, n, total, lo, hi, step, cnt
  integer :: seq(20)

  n = 10
  total = 0
  do i = 1, n
    total = total + i
  end do
  print *, 'sum 1..10 =', total, ' i after loop =', i

  cnt = 0
  do i = n, 1, -3
    cnt = cnt + 1
    seq(cnt) = i
  end do
  print *, 'down by 3:', seq(1:cnt), ' i after =', i

  cnt = 0
  do i = 2, 17, 5
    cnt = cnt + 1
    seq(cnt) = i
  end do
  print *, 'up by 5:', seq(1:cnt), ' i after =', i

  lo = 5; hi = 4
  cnt = 0
  do i = lo, hi
    cnt = cnt + 1
  end do
  print *, 'zero trip:', cnt, i

  step = 2
  do i = hi, lo - 10, step
    cnt = cnt + 1
  end do
  print *, 'zero trip, positive step:', cnt, i

  step = -1
  do i = lo, hi + 3, step
    cnt = cnt + 1
  end do
  print *, 'zero trip, negative step:', cnt, i

  i = 1
  do while (i < 100)
    i = i * 3
  end do
  print *, 'do while:', i

  total = 0
  do i = 1, 100
    if (mod(i, 2) == 0) cycle
    if (i > 15) exit
    total = total + i
  end do
  print *, 'odd sum up to 15:', total, ' exited at', i

  cnt = 0
  do i = 1, 4
    do j = 1, 4
      if (j > i) exit
      if (j == 2) cycle
      cnt = cnt + 10 * i + j
    end do
  end do
  print *, 'nested:', cnt, i, j

  total = 0
  j = 0
  do while (.true.)
    j = j + 1
    if (j > 6) exit
    if (mod(j, 3) == 0) cycle
    total = total + j
  end do
  print *, 'while true:', total, j

  total = 0
  do i = 20, 1, -7
    do j = i, i + 2
      total = total + j
    end do
  end do
  print '(a, i6, 2i4)', ' nested steps:', total, i, j
end program do_loops
