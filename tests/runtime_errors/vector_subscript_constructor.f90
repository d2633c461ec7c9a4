! A constructor as vector subscript, with a run-time element.
program vector_subscript_constructor
  implicit none
  integer :: a(-1:1), n
  a = [7, 8, 9]
  n = 1
  print *, a([n, -n, 0])
  n = 2
  print *, a([0, n])
end program vector_subscript_constructor
