program p
  implicit none
  integer :: i
  i = 1
  write (*) i
  write (*, *, advance='no') i
end program p
