# Checks: int comparisons, comparison chains and mixing ints with floats and bools.
print(1 < 2, 2 < 1, 1 <= 1, 1 >= 2, 3 == 3, 3 != 3)
print(1 < 2 < 3, 1 < 3 < 2, 3 > 2 > 1, 1 == 1 == 1, 1 < 2 > 0, 5 > 4 >= 4 > 3)
x = 5
print(0 <= x < 10, 0 <= x < 5, x == 5.0, x < 5.5, 1 == True, 0 == False, 2 == True)
def noisy(v):
    print("eval", v)
    return v
print(noisy(1) < noisy(0) < noisy(2))
print(noisy(1) < noisy(2) < noisy(3))
print(-0 == 0, 0.0 == -0.0, 10 ** 18 < 10 ** 18 + 1)
