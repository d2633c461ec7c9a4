program p
  implicit none
  complex :: z
  print *, 1
end program p
