! An element one past the upper bound, read into a scalar.
program bounds_element_rank1_above
  implicit none
  integer :: a(10), n, i
  a = [(i, i = 1, 10)]
  n = 10
  print *, 'a(n) =', a(n)
  n = n + 1
  i = a(n)
  print *, 'not reached', i
end program bounds_element_rank1_above
