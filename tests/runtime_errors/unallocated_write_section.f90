! Assigning to a section of an unallocated array.
program unallocated_write_section
  implicit none
  integer, allocatable :: a(:, :)
  print *, 'before'
  a(1:2, 1) = 3
end program unallocated_write_section
