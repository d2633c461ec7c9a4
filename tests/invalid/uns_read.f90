program p
  implicit none
  integer :: n
  read *, n
  print *, n
end program p
