! The elements of a vector subscript are checked even where only the
! shape of the section is used.
program vector_subscript_in_size
  implicit none
  integer :: a(3, 4), cols(3)
  a = 1
  cols = [4, 1, 2]
  print *, shape(a(2, cols))
  cols(3) = 5
  print *, size(a(:, cols), 2)
end program vector_subscript_in_size
