! IF / ELSE IF / ELSE blocks, nested IFs, one-line IF, and mixed-case
! keywords and names (Fortran is case-insensitive).
PROGRAM If_Constructs
  Implicit None
  INTEGER :: I, Score, Grade(8), Counts(0:4)
  Real :: X

  Counts = 0
  Do I = 1, 8
    Score = 45 + 8 * I
    If (Score >= 90) Then
      GRADE(i) = 4
    Else If (Score >= 80) THEN
      grade(I) = 3
    else if (score .ge. 70) then
      Grade(I) = 2
    ELSE IF (Score >= 60) Then
      Grade(I) = 1
    Else
      Grade(I) = 0
    End If
    counts(grade(i)) = COUNTS(Grade(I)) + 1
  END DO
  Print *, Grade
  PRINT *, counts

  X = -1.5
  if (x < 0.0) print *, 'negative'
  IF (X > 0.0) PRINT *, 'positive'
  if (abs(x) > 1.0) x = x * 2
  print *, x

  do i = 1, 6
    if (mod(i, 2) == 0) then
      if (mod(i, 3) == 0) then
        print '(i2, a)', i, ' divisible by 6'
      else
        print '(i2, a)', i, ' even only'
      end if
    else if (mod(i, 3) == 0) then
      print '(i2, a)', i, ' divisible by 3 only'
    else
      print '(i2, a)', i, ' neither'
    end if
  end do

  if (.not. (x > 0.0) .and. i == 7) then
    print *, 'compound condition true'
  end if
End Program If_Constructs
