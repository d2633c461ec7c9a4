! Kernel: Conway's game of life on an 8x8 grid with a dead border; the
! neighbour count is a sum of eight shifted 2-D sections, the update uses merge.
program game_of_life
  implicit none
  integer, parameter :: n = 8
  integer :: g(n, n), nb(n, n)
  integer :: i, gen

  g = 0
  g(2, 3) = 1
  g(3, 4) = 1
  g(4, 2:4) = 1
  do gen = 0, 4
    print '(a, i2)', 'generation', gen
    do i = 1, n
      print '(8i1)', g(i, :)
    end do
    nb = 0
    nb(2:n-1, 2:n-1) = g(1:n-2, 1:n-2) + g(1:n-2, 2:n-1) + g(1:n-2, 3:n) &
                     + g(2:n-1, 1:n-2)                    + g(2:n-1, 3:n) &
                     + g(3:n, 1:n-2)   + g(3:n, 2:n-1)   + g(3:n, 3:n)
    g = merge(1, 0, nb == 3 .or. (g == 1 .and. nb == 2))
  end do
end program game_of_life
