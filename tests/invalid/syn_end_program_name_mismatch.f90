program first
  implicit none
  print *, 1
end program second
