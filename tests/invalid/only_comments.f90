! A file with nothing but comments.
! There is no program in it.

   ! indented comment
