! Array sections with every subscript-triplet form, negative strides,
! zero-sized sections, and assignments through sections.
program sections
  implicit none
  integer, parameter :: n = 10
  integer :: a(n), b(n), i, lo, hi

  a = [(i, i = 1, n)]
  print *, a(:)
  print *, a(3:)
  print *, a(:4)
  print *, a(2:8:3)
  print *, a(:n:2)
  print *, a(::3)
  print *, a(n:1:-1)
  print *, a(n:1:-4)
  print *, a(7:3:-2)
  print *, a(:3:-1), size(a(:3:-1))
  print *, a(8::-3)
  print *, size(a(5:4)), size(a(1:n:-1)), size(a(3:2:1))
  lo = 6; hi = 5
  print *, a(lo:hi)
  print *, size(a(lo:hi)), size(a(lo:hi:-1))

  b = 0
  b(2:n:2) = a(1:n/2)
  b(1:n:2) = -a(n:n/2+1:-1)
  print *, b
  b(lo:hi) = 99
  b(5:4) = a(1:0)
  print *, b
  b(lo:) = a(:n-lo+1) * 100
  print *, b
  b(:3) = a(n-2:)
  print *, b
  print *, a(3:7) + a(6:10)
  print '(10i4)', a(n:1:-1) * 2
  print '(5i4)', a(1:n:2) - a(2:n:2)
  b(9:1:-2) = a(1:5)
  print *, b
  b(3:8) = 0
  print *, b, a(4)
end program sections
