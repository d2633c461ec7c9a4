program p
  implicit none
  logical :: a, b
  a = .true.
  b = .false.
  if (a == b) print *, 'same'
  if (a /= .true.) print *, 'different'
end program p
