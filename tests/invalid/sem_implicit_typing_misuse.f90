program p
  ! no implicit none: i is an integer, x is a real
  i = 1
  x = 2.5
  i = .true.
  do x = 1, 3
  end do
  print *, i(2)
end program p
