# Checks: a realistic formatted table mixing f-strings, str.format, % and ljust/rjust alignment.
rows = [("alpha", 3, 12.5), ("beta", 10, 0.75), ("gamma", 127, 1024.0), ("delta", 0, -3.25)]
print(f"{'name':<8}{'n':>5}{'value':>10}")
print("-" * 23)
total = 0.0
for name, count, value in rows:
    print(f"{name:<8}{count:>5}{value:>10.2f}")
    total += count * value
print("-" * 23)
print("%-8s%5d%10.2f" % ("total", sum(r[1] for r in rows), total))
print("{:<8}{:>15.3e}".format("sci", total))
