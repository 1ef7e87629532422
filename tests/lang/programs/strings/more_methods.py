# Checks: further common str methods: count, index, rfind, isdigit/isalpha/isspace, title, center/ljust/rjust, zfill, partition, splitlines.
s = "mississippi"
print(s.count("s"), s.count("ss"), s.count("i", 5), s.index("ss"), s.rfind("ss"), s.rfind("x"))
print("123".isdigit(), "12a".isdigit(), "abc".isalpha(), "ab1".isalpha(), " \t".isspace(), "".isdigit())
print("hello world".title(), "hello world".capitalize(), "Hello".swapcase())
print(repr("ab".center(6)), repr("ab".ljust(5, "*")), repr("ab".rjust(5)), "42".zfill(5), "-42".zfill(5))
print("key=value=x".partition("="), "novalue".partition("="), "a.b.c".rpartition("."))
print("line1\nline2\r\nline3".splitlines(), "a\n\nb\n".splitlines())
print("a b c".rsplit(" ", 1), "Hello".startswith(("He", "x")), "Hello".endswith(("lo", "y")))
try:
    s.index("zz")
except ValueError as e:
    print("ValueError:", e)
