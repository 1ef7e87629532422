# Checks: float accumulation patterns (mean/variance), min/max and comparisons with ints.
data = [2.5, 3.75, -1.0, 4.0, 0.25, 10.0, 7.5]
n = len(data)
mean = sum(data) / n
var = sum((x - mean) ** 2 for x in data) / n
print(n, mean, var, min(data), max(data))
print(sorted(data), sorted(data, reverse=True))
print(sum([0.1] * 10), sum([0.1] * 10) == 1.0)
print(max(1, 2.0), min(3, 3.0), max(-0.0, 0), 1 < 1.0000001)
xs = [i * 0.1 for i in range(11)]
print(xs)
