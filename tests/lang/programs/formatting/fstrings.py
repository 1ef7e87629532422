# Checks: f-strings: expressions, nested quotes, !r/!s conversions, format specs, nested fields and = debugging.
name = "World"
n = 42
pi = 3.14159
items = [1, 2, 3]
print(f"Hello, {name}!", f"{n + 1} {n * 2} {n // 5}", f"{items[1]} {len(items)} {items}")
print(f"{name!r} {name!s} {name.upper()} {'quoted'} {name[::-1]}")
print(f"{pi:.2f} {pi:10.3f}| {n:05d} {n:x} {n:>6} {n:<6}| {n:^7}|")
width = 8
prec = 3
print(f"{pi:{width}.{prec}f}|", f"{'x':{'>'}{width}}")
print(f"{n=}", f"{pi=:.1f}", f"{name = }")
print(f"{{braces}} {n}", f"{'a' if n > 40 else 'b'}", f"{[x * 2 for x in items]}")
d = {"k": "v"}
print(f"{d['k']}", f"{d}", f"{None} {True} {3.0} {-0.0}")
print(f"""triple {n}
second line""")
