! Permutations with vector subscripts on the same array: a = a(p) gathers,
! a(p) = a scatters (undoing the gather), and inverse permutation via a(p) = i.
program overlap_permutation
  implicit none
  integer, parameter :: n = 6
  integer :: a(n), p(n), inv(n), i

  a = [(10 * i, i = 1, n)]
  p = [3, 1, 4, 6, 2, 5]
  a = a(p)
  print *, 'a = a(p):  ', a
  a(p) = a
  print *, 'a(p) = a:  ', a
  a(p) = a
  print *, 'a(p) = a:  ', a
  a = [(10 * i, i = 1, n)]
  inv(p) = [(i, i = 1, n)]
  print *, 'inverse:   ', inv
  print *, 'p(inv):    ', p(inv)
  a = a(inv)
  a = a(p)
  print *, 'restored:  ', a
  a(p(1:3)) = a(p(4:6))
  print *, 'half swap: ', a
  a = [(10 * i, i = 1, n)]
  a(p) = a(n:1:-1)
  print *, 'a(p)=rev:  ', a
  a = [(10 * i, i = 1, n)]
  a(p) = a(p) + a
  print *, 'a(p)+a:    ', a
  p = p(p)
  print *, 'p = p(p):  ', p
  a = [(i, i = 1, n)]
  a = a(a(n:1:-1))
  print *, 'a(a(rev)): ', a
end program overlap_permutation
