# Checks: str.format with positional, indexed, keyword fields, conversions, format specs and escaped braces.
print("{} + {} = {}".format(1, 2, 3), "{1} {0} {1}".format("a", "b"), "{x}-{y}".format(x=1, y=2))
print("{0!r} {0!s} {0}".format("hi"), "{{literal}} {}".format(5), "{:>6}|{:<6}|{:^6}|".format("a", "b", "c"))
print("{:*^9}".format("mid"), "{:08.3f}".format(-3.14159), "{:,}".format(1234567), "{:+d}".format(7))
print("{:b} {:o} {:x} {:X} {:#x} {:#b}".format(10, 10, 255, 255, 255, 5))
print("{0[1]} {1[k]} {2.real}".format([10, 20], {"k": "v"}, 5))
print("{:5}|{:<5}|{:>5}|{:5}|".format(42, 42, "s", "s"), "{:=+8d}".format(42), "{:%}".format(0.25))
print("{:.2f}, {:.0e}, {:g}".format(2 / 3, 12345.0, 1e-20), "{:10.3s}|".format("abcdef"))
row = "{name:<8}{qty:>4}{price:>9.2f}"
for name, qty, price in [("apple", 3, 0.5), ("pear", 12, 1.25), ("kiwi", 100, 0.333)]:
    print(row.format(name=name, qty=qty, price=price))
