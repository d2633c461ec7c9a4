program p
  implicit none
  logical :: a, b
  a = .true.
  b = a .xor. a
end program p
