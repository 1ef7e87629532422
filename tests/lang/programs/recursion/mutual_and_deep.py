# Checks: mutual recursion and moderately deep recursion (500 frames) without hitting the limit.
def is_even(n):
    return True if n == 0 else is_odd(n - 1)
def is_odd(n):
    return False if n == 0 else is_even(n - 1)
print(is_even(10), is_odd(7), is_even(301))
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
print(depth(500))
def sum_list(xs, i=0):
    if i == len(xs):
        return 0
    return xs[i] + sum_list(xs, i + 1)
print(sum_list(list(range(400))))
