program p
  implicit none
  print *, 1
end program p
print *, 2
