# Checks: every __future__ feature CPython 3.11 accepts is accepted (they are all its defaults, or only about annotations).
from __future__ import annotations, division, absolute_import, print_function
from __future__ import generator_stop, nested_scopes, unicode_literals, with_statement


def half(x: SomeUndefinedType) -> AlsoUndefined:
    return x / 2


print(half(3), 7 // 2)
