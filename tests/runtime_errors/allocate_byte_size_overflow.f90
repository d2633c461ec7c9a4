! The element count fits in 64 bits, the size in bytes does not.
program allocate_byte_size_overflow
  implicit none
  real(8), allocatable :: a(:, :)
  integer(8) :: n
  n = 2_8**31
  allocate(a(n, n))
end program allocate_byte_size_overflow
