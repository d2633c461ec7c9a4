real function square(x)
  real, intent(in) :: x
  square = x * x
end function square

program p
  implicit none
  print *, 2.0
end program p
