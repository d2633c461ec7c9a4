! Kernel: rows of Pascal's triangle built in place with the overlapping
! update row(2:k) = row(1:k-1) + row(2:k); unlimited-repeat output format.
program pascal_triangle
  implicit none
  integer, parameter :: nmax = 12
  integer :: row(nmax), k
  integer(8) :: big(40)

  row = 0
  row(1) = 1
  print '(*(i4))', row(1:1)
  do k = 2, nmax
    row(2:k) = row(1:k-1) + row(2:k)
    print '(*(i4))', row(1:k)
  end do

  big = 0
  big(1) = 1
  do k = 2, 40
    big(2:k) = big(1:k-1) + big(2:k)
  end do
  print *, big(20), big(21)
  print '(a, i14)', 'C(39,19) =', big(20)
end program pascal_triangle
