! Kernel: sieve of Eratosthenes with the strided section assignment
! is_prime(i*i:n:i) = .false.; primes gathered with a do loop.
program sieve
  implicit none
  integer, parameter :: n = 120
  logical :: is_prime(n)
  integer :: primes(n), np, i

  is_prime = .true.
  is_prime(1) = .false.
  i = 2
  do while (i * i <= n)
    if (is_prime(i)) is_prime(i*i:n:i) = .false.
    i = i + 1
  end do
  np = 0
  do i = 1, n
    if (is_prime(i)) then
      np = np + 1
      primes(np) = i
    end if
  end do
  print *, 'primes up to', n, ':', np
  print '(10i5)', primes(1:np)
  print *, is_prime(1:12)
  print '(30l1)', is_prime(91:n)
  print *, 'twin gaps:', primes(2:np) - primes(1:np-1) == 2
end program sieve
