program p
  implicit none
  real :: a(4)
  a = 1.0
  call random_number(a)
  call show(a)
end program p
