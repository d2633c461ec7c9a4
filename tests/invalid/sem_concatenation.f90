program p
  implicit none
  print *, 'a' // 'b'
end program p
