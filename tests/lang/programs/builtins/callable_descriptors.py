# Checks: callable() of a builtin type's methods, slot wrappers and class methods (through the type, a subclass or a subclass written in Python such as defaultdict) is True, of a getset or member descriptor False; inspect.signature reads a builtin's text signature (decorator's trace of a slot wrapper), its __doc__ is CPython's, and a builtins function's __self__ is the builtins module.
import collections
import inspect


class D(dict):
    pass


for obj in [dict.__setitem__, D.__setitem__, collections.defaultdict.__setitem__, list.append, str.join,
            object.__init__, int.__add__, dict.__dict__["fromkeys"], dict.fromkeys, [].append, len,
            type.__dict__["__name__"], type.__dict__["__doc__"], D.__dict__.get("__weakref__"), 3, "s"]:
    print(type(obj).__name__, callable(obj))
for f in [dict.__setitem__, dict.__delitem__, collections.defaultdict.__setitem__, list.append]:
    print(inspect.signature(f))
import builtins
print(inspect.signature(len), inspect.signature(divmod), inspect.signature(str.join), len.__self__ is builtins)
print(len.__doc__, list.append.__doc__, [].append.__text_signature__)
