program p
  implicit none
  integer(3) :: i
  logical(2) :: l
  real(kind=16) :: q
  i = 1
  l = .true.
  q = 1.0
end program p
