# Checks: assert passes silently, raises AssertionError with and without a message, and message laziness.
assert True
assert 1 + 1 == 2, "math works"
def msg():
    print("message evaluated")
    return "custom message"
assert 1, msg()
try:
    assert 1 > 2
except AssertionError as e:
    print("AssertionError", repr(e), e.args)
try:
    assert [] , msg()
except AssertionError as e:
    print("AssertionError:", e)
def check(x):
    assert isinstance(x, int), "need int, got " + type(x).__name__
    return x * 2
print(check(4))
try:
    check("s")
except AssertionError as e:
    print(e)
