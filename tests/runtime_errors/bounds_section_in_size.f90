! A section is checked even where only its shape is used.
program bounds_section_in_size
  implicit none
  integer :: a(4), n
  a = 1
  n = 4
  print *, size(a(2:n)), shape(a(n:1:-2))
  n = 5
  print *, size(a(2:n))
end program bounds_section_in_size
