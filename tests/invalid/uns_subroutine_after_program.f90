program p
  implicit none
  print *, 1
end program p

subroutine later(n)
  integer :: n
  n = n + 1
end subroutine later
