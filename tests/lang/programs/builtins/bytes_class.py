# Checks: the name bytes is the class (programs test for it, as json_loads
# does) though the VM makes no bytes objects: isinstance and issubclass
# answer as CPython does for every other value.
for v in [1, "s", 2.5, None, [1], (b for b in "x")]:
    print(isinstance(v, bytes), isinstance(v, (int, bytes, str)), type(v) is bytes)
print(bytes.__name__, issubclass(bytes, object), issubclass(str, bytes), bytes is not str)
