! A vector subscript on the right with one index past the end.
program vector_subscript_rhs_above
  implicit none
  integer :: a(5), b(3), idx(3)
  a = [10, 20, 30, 40, 50]
  idx = [5, 1, 3]
  b = a(idx)
  print *, b
  idx(2) = 6
  b = a(idx)
  print *, 'not reached'
end program vector_subscript_rhs_above
