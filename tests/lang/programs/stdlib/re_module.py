# Checks: the VM's re (delegated to CPython's engine, every result a VM object)
# against CPython's: compile/search/match/fullmatch, findall with 0, 1 and 2
# groups, finditer, sub/subn with templates, functions and counts, split,
# escape, purge and the cache, the flags, Pattern and Match objects (groups by
# index and name, defaults, spans, lastindex/lastgroup, repr, pos/endpos),
# and the errors (re.error's message and position, bad groups, bad types).
# (The VM's flags are plain ints, CPython's print as re.IGNORECASE: int() them.)
import re

p = re.compile(r"(?P<user>[\w.]+)@(?P<host>\w+)\.(com|org)")
text = "write to bob.smith@example.com or to alice@python.org, not to x@y"
m = p.search(text)
print(m)
print(m.group(), m.group(0), m.group(1), m.group("host"), m.group(1, "host", 3), m[0], m["user"], m[3])
print(m.groups(), m.groupdict(), m.span(), m.span("host"), m.start(), m.end(3), m.lastindex, m.lastgroup)
print(m.re is p, m.string == text, m.pos, m.endpos, m.regs, bool(m))
print(p, p.pattern, p.flags, p.groups, p.groupindex)
print(p.findall(text), [x.group("user") for x in p.finditer(text)], p.search(text, 30), p.search(text, 30, 40))
print(p.match(text), p.match(text, 9), p.fullmatch("a@b.org"), p.fullmatch("a@b.orgx"))

opt = re.match(r"(a)?(b)?(?P<c>c)?", "b")
print(opt.groups(), opt.groups("-"), opt.groupdict(), opt.groupdict(0), opt.span(1), opt.start(2), opt.lastindex, opt.lastgroup)
print(re.findall(r"\d+", "a1b22c333"), re.findall(r"(\w)=(\d)", "a=1 b=2 c"), re.findall(r"(\w)=\d", "a=1 b=2"))
print(re.findall(r"x*", "axxb"), [m.span() for m in re.finditer(r"x*", "axxb")], re.findall("", "ab"))

print(re.sub(r"(\d+)", r"<\1>", "a1b22c"), re.sub(r"(?P<d>\d)", r"\g<d>\g<0>", "a1b2"), re.sub("a", r"\n", "bab"))
print(re.sub(r"\d", lambda m: str(int(m.group()) * 2), "a1b2c3"), re.sub(r"\d", lambda m: "", "a1b2", count=1))
print(re.subn(r"o", "0", "foo boo", 3), re.subn(r"x", "y", "abc"), re.sub(r"x*", "-", "abxd"), re.sub("b", lambda m: m.group() * 3, "abcb"))
print(p.sub(r"\2 at \1", text, count=1), p.subn(lambda m: m["host"].upper(), text))

print(re.split(r"[,;]\s*", "a, b;c,  d"), re.split(r"([,;])", "a,b;c"), re.split(r",", "a,b,c,d", maxsplit=2))
print(re.split(r"(x)|(y)", "1x2y3"), re.split(r"\b", "hi there"), re.split("z", "abc"))

print(re.search("PYTHON", "I like Python", re.I), re.findall(r"^\w", "ab\ncd", re.M), re.match(r"a.b", "a\nb", re.S))
print(re.findall(r"""\d +  # digits
                     [a-z]""", "12a 3 b 4c", re.X), re.findall(r"\w+", "héllo wörld", re.A), re.findall(r"\w+", "héllo wörld"))
print(re.compile("a", re.I), re.compile("a", re.I | re.M | re.S), re.compile("a", re.A), re.compile("x" * 300).pattern[:5])
print(int(re.I), int(re.IGNORECASE), int(re.M), int(re.S), int(re.X), int(re.A), int(re.I | re.M), re.compile("a", re.I).flags)
print(re.escape("a.b*c?d[e]f(g)h{1}|^$\\ -+#&~"), re.escape("plain_text123"))

a = re.compile("ab+c")
print(a is re.compile("ab+c"), a is re.compile("ab+c", re.I), re.compile(a) is a, re.search(a, "xabbc").span())
re.purge()
print(a == re.compile("ab+c"), a != re.compile("abc"), hash(a) == hash(re.compile("ab+c")))
print(re.search(r"(\d+)-(\d+)", "tel 555-1234 ok").group(2, 1), re.match(r"\s*", "  x").end())
print(re.fullmatch(r"[a-z]+\d?", "abc7"), re.search(r"\bcat\b", "concat cat"), re.search("$", "ab").span())
it = re.finditer(r"\w+", "one two three")
print(next(it).group(), [m.group() for m in it])

for bad in ["(abc", "a{2,1}", "[z-a]", "(?P<1>x)", "a)b", "x\n(", "*a", "(?<=a+)b"]:
    try:
        re.compile(bad)
    except re.error as e:
        print(repr(bad), "->", e, "|", e.msg, e.pos, e.lineno, e.colno, isinstance(e, Exception))
for call in [lambda: m.group(7), lambda: m.group("nope"), lambda: m.span(-1), lambda: re.search("a", 5),
             lambda: re.compile(5), lambda: re.compile(a, re.I), lambda: re.sub("a", r"\2", "a"),
             lambda: re.sub("a", 5, "a"), lambda: re.sub("(a)", r"\g<x>", "a"), lambda: re.findall("a", None),
             lambda: re.sub("a", lambda m: 5, "bab"), lambda: re.sub("a", [], "a"), lambda: re.escape(5)]:
    try:
        print(call())
    except (IndexError, TypeError, ValueError, re.error) as e:
        print(type(e).__name__, e)
