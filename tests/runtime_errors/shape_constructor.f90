! An implied-do constructor with a run-time length.
program shape_constructor
  implicit none
  integer :: a(6), m, i
  m = 6
  a = [(i * i, i = 1, m)]
  print *, a
  m = 7
  a = [(i * i, i = 1, m)]
end program shape_constructor
