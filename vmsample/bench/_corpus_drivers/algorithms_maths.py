# Driver (written for vmsample's corpus) of keon/algorithms' number-theory and maths functions.
from algorithms.maths import *
from algorithms.maths.next_bigger import next_bigger
from algorithms.maths.nth_digit import find_nth_digit

print(int_to_base(255, 16), base_to_int("FF", 16), combination(20, 10), combination_memo(30, 15))
print(decimal_to_binary_ip("192.168.0.1"), [prime_check(n) for n in range(20)])
print(euler_totient(36), find_order(3, 7), find_primitive_root(11))
print(extended_gcd(240, 46), gcd(1071, 462), lcm(21, 6), factorial(20), factorial_recur(15))
print(modular_exponential(5, 117, 19), get_primes(50), pythagoras(3, 4, "?"), is_prime(7919, 20))
print(is_strobogrammatic("69"), gen_strobogrammatic(3)[:6], next_perfect_square.find_next_square(121))
print(next_bigger(38276), next_bigger(54321), [find_nth_digit(n) for n in (3, 11, 1000)])
