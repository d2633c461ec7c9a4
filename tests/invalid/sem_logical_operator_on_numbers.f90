program p
  implicit none
  integer :: i
  logical :: l
  i = 1
  l = i .and. .true.
  l = .not. i
end program p
