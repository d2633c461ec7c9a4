program p
  implicit none
  print *, 'hello
  print *, "world
end program p
