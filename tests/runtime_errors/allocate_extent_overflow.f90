! The product of the extents does not fit in 64 bits.
program allocate_extent_overflow
  implicit none
  integer, allocatable :: a(:, :, :)
  integer(8) :: n
  n = 3000000_8
  print *, 'n =', n
  allocate(a(n, n, n))
end program allocate_extent_overflow
