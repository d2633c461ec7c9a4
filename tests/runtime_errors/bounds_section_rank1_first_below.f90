! The first index of a section is below the lower bound.
program bounds_section_rank1_first_below
  implicit none
  integer :: a(10), lo, i
  a = [(i, i = 1, 10)]
  lo = 1
  print *, a(lo:5)
  lo = 0
  print *, a(lo:5)
end program bounds_section_rank1_first_below
