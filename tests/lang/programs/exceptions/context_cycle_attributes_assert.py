# Checks: __cause__/__context__ may not be deleted and must be exceptions; raising an exception already in the context chain cuts the cycle; except with a non-exception in a tuple is a TypeError before any match; exceptions have a __dict__; assert raises the builtin AssertionError whatever the globals call it; SyntaxError's details tuple is checked
for attr in ("__cause__", "__context__"):
    try:
        delattr(Exception(), attr)
    except TypeError as e:
        print("TypeError", e)
    try:
        setattr(Exception(), attr, 1)
    except TypeError as e:
        print("TypeError", e)
class A(Exception): pass
class B(Exception): pass
class C(Exception): pass
try:
    try:
        raise A
    except A as a_:
        a = a_
        try:
            raise B
        except B as b_:
            b = b_
            try:
                raise C
            except C as c_:
                c = c_
                raise a
except A as e:
    exc = e
print(exc is a, a.__context__ is c, c.__context__ is b, b.__context__)
for t in (42, (ValueError, 42)):
    try:
        try:
            raise ValueError
        except* t:
            pass
    except TypeError as e:
        print("TypeError", e)
e = Exception(1)
e.x = 5
print(e.__dict__, BaseException().__dict__)
AssertionError = TypeError
try:
    assert False, "hello"
except Exception as e:
    print(type(e).__name__, e)
for details in (("bad.py", 1, 2), ("bad.py", 1, 2, 4, 5, 6, 7), ("bad.py", 1, 2, "abcdefg", 1)):
    try:
        SyntaxError("bad bad", details)
    except TypeError as e:
        print("TypeError", e)
s = SyntaxError("bad bad", ("bad.py", 1, 2, "abcdefg", 1, 7))
print(s.filename, s.lineno, s.offset, s.text, s.end_lineno, s.end_offset, s)
