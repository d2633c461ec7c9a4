program p
  implicit none
  real :: y
  y = twice(2.0)
  call show(y)
contains
  real function twice(x)
    real, intent(in) :: x
    twice = 2 * x
  end function twice
  subroutine show(v)
    real, intent(in) :: v
    print *, v
  end subroutine show
end program p
