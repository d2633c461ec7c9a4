program p
  implicit none
  integer :: i
  i = 2
  select case (i)
  case (1)
    print *, 'one'
  case default
    print *, 'other'
  end select
end program p
