# Checks: divmod with ints and floats of all sign combinations; round to ints and digits.
for a in [7, -7, 7.5, -7.5]:
    for b in [2, -2, 0.5]:
        print(a, b, divmod(a, b))
print(round(2.5), round(3.5), round(-2.5), round(0.4999), round(1.23456, 3), round(-1.5, 0), round(15, -1), round(25, -1))
try:
    divmod(1, 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
