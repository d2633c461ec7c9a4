! A vector subscript on the left with an index below the lower bound.
program vector_subscript_lhs_below
  implicit none
  integer :: a(0:4), idx(3)
  a = 0
  idx = [0, 2, 4]
  a(idx) = [1, 2, 3]
  print *, a
  idx = [4, 3, -1]
  a(idx) = 9
end program vector_subscript_lhs_below
