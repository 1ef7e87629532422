# Checks: recursive fib, factorial, Ackermann, power set and Hanoi move counts.
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
def ack(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ack(m - 1, 1)
    return ack(m - 1, ack(m, n - 1))
def hanoi(n, src, dst, via, moves):
    if n:
        hanoi(n - 1, src, via, dst, moves)
        moves.append((src, dst))
        hanoi(n - 1, via, dst, src, moves)
    return moves
def powerset(xs):
    if not xs:
        return [[]]
    rest = powerset(xs[1:])
    return rest + [[xs[0]] + r for r in rest]
print([fib(i) for i in range(15)], fib(20))
print(fact(19), ack(2, 3), ack(3, 3))
m = hanoi(10, "A", "C", "B", [])
print(len(m), m[:3])
print(powerset([1, 2, 3]))
