program p
  implicit none
  stop 1.5
end program p
