! Source-form details: continuation lines with &, ';' separators, comments
! everywhere, mixed case, '!' and quotes inside character constants.
Program Syntax_Forms ! comment after the program statement
  IMPLICIT NONE
  integer :: Total, I, &
             J, K       ! declaration continued
  Real :: Values(6)
  ! a full-line comment

  Total = 0; I = 1; J = 2; K = 3
  Total = I + &
          J + &   ! comment inside a continued statement
          K
  print *, 'total:', Total
  Values = [ 1.0, 2.0, 3.0, &
             4.0, 5.0, 6.0 ]
  Values(2:5) = values(1:4) &
              + VALUES(3:6)
  PRINT '(6F6.1)', Values
  print *, 'bang ! inside a string', "double ""quoted"" text", 'it''s'
  print '(a, i3)', 'semicolon; inside a string', total
  i = 10; j = -i; k = i * j; print *, i, j, k
  Print *, 'long ', &
           'continued ', &
           'print'
  print *, 'label', &
    & I, &
    & J
  iF (I .Gt. 5) tHeN; print *, 'if with semicolon'; eNd iF
  DO i = 1, 3; total = total * 2; END DO; PRINT *, total
end program Syntax_Forms
