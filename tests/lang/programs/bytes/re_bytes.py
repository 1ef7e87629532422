# Checks: re with bytes patterns and subjects (bytes and bytearray): findall, finditer, search groups, sub with a bytes template and a function, split, escape, compiled patterns' repr, and the errors for mixing str and bytes.
import re

seq = b">ONE header\nacgtBDH\nNNacgt\n>TWO\nggcc\n"
clean = re.sub(b">.*\n|\n", b"", seq)
print(clean, len(clean), re.findall(b"a[act]g", clean), len(re.findall(b"agggtaaa|tttaccct", clean * 3)))
for f, r in ((b"B", b"(c|g|t)"), (b"N", b"(a|c|g|t)")):
    clean = re.sub(f, r, clean)
print(clean)
m = re.search(rb"(\w+) (?P<rest>\w+)", b"hello big world")
print(m.group(), m.group(1), m.group("rest"), m.groups(), m.span(2), m.groupdict(), m)
print([x.group() for x in re.finditer(b"[0-9]+", b"a1b22c333")], re.split(b",\\s*", b"a, b,c"))
print(re.sub(b"(a)(b)", rb"\2\1", b"abab"), re.subn(b"x", b"y", b"xxx", count=2))
print(re.sub(b"[0-9]", lambda m: b"<" + m.group() + b">", b"a1b2"), re.escape(b"a.b*c"))
p = re.compile(b"ab+", re.I)
print(p, p.pattern, p.flags, p.findall(bytearray(b"ABbb ab")), p.match(b"xab"), p.fullmatch(b"abb"))
print(re.findall(b"(a)(b)?", b"ab a"), re.search(b"z", b"abc"), re.match(b"", b"").group())
for bad in [lambda: re.search("a", b"a"), lambda: re.search(b"a", "a"), lambda: re.sub(b"a", "b", b"a"),
            lambda: re.compile(b"(")]:
    try:
        bad()
    except (TypeError, re.error) as e:
        print(type(e).__name__, e)
