program p
  implicit none
  logical(8) :: flag
  logical(kind=4) :: ok
  ok = .true.
  flag = ok
end program p
