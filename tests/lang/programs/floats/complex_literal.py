# Checks: complex literals and arithmetic.
z = 1 + 2j
print(z)
