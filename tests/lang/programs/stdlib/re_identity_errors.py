# Checks: re's objects keep their identity (copy.copy and copy.deepcopy of a Pattern or a Match give it back), a Pattern can be referred to weakly (weakref.proxy and weakref.ref), the errors a template raises are re.error with its msg, pattern and pos (bad group references, octal escapes out of range, unterminated names; an unknown group name is an IndexError), and a long string that nothing matches comes back from split as that very string.
import copy
import re
import weakref

p = re.compile(r"(?P<int>\d+)(?:\.(?P<frac>\d*))?")
print(copy.copy(p) is p, copy.deepcopy(p) is p)
m = p.match("12.34")
print(copy.copy(m) is m, copy.deepcopy(m) is m, m.groupdict())

x = re.compile("ab+c")
y = weakref.proxy(x)
print(x.findall("QabbbcR") == y.findall("QabbbcR"), y.pattern)
r = weakref.ref(x)
print(r() is x)


def template_error(pattern, repl, string):
    try:
        re.sub(pattern, repl, string)
    except re.error as e:
        print(type(e).__module__, type(e).__name__, repr(e.msg), e.pos, repr(e.pattern), str(e))
    except IndexError as e:
        print(type(e).__name__, e)
    else:
        print("no error")


template_error("()", r"\g<1073741823>", "xx")
template_error("x", r"\400", "x")
template_error("(?P<a>x)", r"\g<a", "xx")
template_error("(?P<a>x)", r"\g<", "xx")
template_error("(?P<a>x)", r"\g<b>", "xx")
template_error(b"x", rb"\g<2>", b"x")
print(issubclass(re.error, Exception), str(re.error("m", "pat", 1)))

s = "x" * 100000
parts = re.split(r"^y", s)
print(len(parts), parts[0] is s, re.sub(r"\Ay", "", s) is s)
