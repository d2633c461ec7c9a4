! 1:12:3 selects 1, 4, 7, 10: the end bound 12 is outside a(10) but no
! selected index is, so that is valid. 2:12:3 selects 2, 5, 8, 11: the
! last selected index is outside.
program bounds_section_strided_end_outside
  implicit none
  integer :: a(10), i, e
  a = [(i, i = 1, 10)]
  e = 12
  print *, a(1:e:3)
  a(1:e:3) = -a(1:e:3)
  print *, a
  print *, a(10:-1:-4)
  print *, size(a(1:e:3)), size(a(20:e))
  print *, a(2:e:3)
end program bounds_section_strided_end_outside
