! Rank 2: dimension 1 conforms, dimension 2 does not.
program shape_rank2_dim2
  implicit none
  real(8) :: p(3, 4), q(3, 4)
  integer :: n
  p = 1.0d0
  q = 2.0d0
  n = 2
  p(:, 1:n) = q(:, 3:4)
  print *, p(1, :)
  n = 3
  p(:, 1:n) = q(:, 3:4)
end program shape_rank2_dim2
