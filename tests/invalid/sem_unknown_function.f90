program p
  implicit none
  real :: x
  x = 2.0
  x = foo(x)
  x = sqroot(x) + bar(1, 2)
end program p
