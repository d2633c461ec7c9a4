program p
  use physics
  implicit none
  interface
    real function force(m, a)
      real, intent(in) :: m, a
    end function force
  end interface
  real :: f
  f = force(2.0, g)
  f = .false.
end program p
