program p
  implicit none
  integer :: i
  logical :: l
  real :: a(3)
  i = .true.
  l = 1
  a = [.true., .false., .true.]
  i = 'text'
end program p
