! Non-conformable operands in an output item.
program shape_print_item
  implicit none
  integer :: a(8), n, i
  a = [(i, i = 1, 8)]
  n = 4
  print *, 'sum', a(1:n) + a(n+1:8)
  n = 3
  print *, 'sum', a(1:n) + a(n+1:8)
end program shape_print_item
