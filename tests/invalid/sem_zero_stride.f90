program p
  implicit none
  integer :: a(10)
  a = 0
  print *, a(1:10:0)
  a(::0) = 1
end program p
