program p
  implicit none
  integer i = 1
  print *, i
end program p
