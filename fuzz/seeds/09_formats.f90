! Formatted output: I F E ES G L A X edit descriptors, repeat counts, groups,
! unlimited repeat *(...), format reversion, literal strings in formats,
! field overflow, and write(*,fmt) / write(*,*).
program formats
  implicit none
  integer :: i, j, k(6)
  real :: x, v(4)
  real(8) :: d
  logical :: t

  i = 42; x = 3.14159; d = -2.718281828d0; t = .true.
  k = [(j * j - 10, j = 1, 6)]
  v = [1.25, -2.5, 100.0, 0.125]

  print '(i5)', i
  print '(i5, i5, i3)', i, -i, 7
  print '(a, i4, a, f8.3)', 'i=', i, ' x=', x
  print '(f10.4, e12.4, es12.4, g12.4)', x, x, x, x
  print '(e14.6, es14.6)', d, d
  print '(3(i3, 1x), l2)', k(1:3), t
  print '(2(f8.2, 2x))', v
  print '(*(i4))', k
  print '("k:", 6i4)', k
  print '(''v:'', 4f8.3)', v
  print '(2i4)', k
  write(*, '(a)') 'plain text'
  write(*, '(a6, a3, a)') 'ab', 'abcdef', 'end'
  write(*, '(es10.3, 1x, es10.3)') d, 1.0d-5
  write(*, *) 'list-directed', i, x
  print '(g12.5)', 0.000123, 123456.0, 1.0e10, 1.0
  print '(l1, l3, l5)', t, .not. t, t
  print '(i3)', 12345
  print '(f6.2)', 1234.5
  print '(5x, i3, 2x, a)', i, 'end'
  print '(a, 3x, a)', 'gap', 'here'
  print '(2(a, i2, 1x), f5.1)', 'a', 1, 'b', 2, 2.25
  print '(f8.0, f8.1, f8.3)', 2.5, 2.45, -0.0005
  print '(e10.3, e12.3)', 0.0, -123.456
  print '(es12.3, es12.3)', 0.0, 99999.0
  print '(3(1x, f5.2))', 0.125, 0.375, 9.995
  print '(i4, 2(1x, "|", i3), " done")', 1, 2, 3
  print '(a, *(f6.1))', 'v=', v
end program formats
