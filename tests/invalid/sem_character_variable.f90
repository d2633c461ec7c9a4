program p
  implicit none
  character(len=10) :: name
  character :: c
  name = 'fscal'
  c = 'x'
  print *, name, c
end program p
