! Scalars of every supported type, initialization in declarations,
! and list-directed output (print * and write(*,*)) of single and mixed items.
program scalars_print
  implicit none
  integer :: i = 42
  integer :: j
  integer(8) :: big
  real :: x = 1.5
  real(8) :: d = 2.25d0
  double precision :: e
  logical :: flag = .true.
  logical :: other

  j = -7
  big = 123456
  big = big * big
  e = 0.5d0
  other = .false.

  print *, i
  print *, j, i
  print *, big
  print *, -big
  print *, x
  print *, d
  print *, e
  print *, flag, other
  print *, i, x, d, flag
  print *, 'i =', i, ' x =', x
  write(*,*) 'd + e =', d + e
  write(*,*) -x, -d, -i
  print *, 'big / 1000 =', big / 1000
  print *, x + 1, d * 2, i * 2
end program scalars_print
