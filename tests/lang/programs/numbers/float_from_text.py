# Checks: float() and int() of text accept exactly what CPython's parsers
# accept (underscores only between digits), and int() of a str subclass.
texts = ["1_0", "1e1_0", "1.0e+_1", "1.0e_1", "1_.5", "1._5", "_1", "1_", "0x_1", "1__0", " 2.5 ", "in_f",
         "-1_000.000_1", "1E+1_0", "nan", "-iNF", "1.5j", ""]
for t in texts:
    out = []
    for conv in (float, int, complex):
        try:
            out.append(repr(conv(t)))
        except ValueError:
            out.append("ValueError")
    print(repr(t), *out)

class S(str):
    pass

print(int(S("42")), float(S("2.5")), int(S("ff"), 16), complex(S("1+1j")))
