# Refused when it runs: complex number literals.
# refused: 3:9 complex literal
z = 1 + 2j
print(z)
