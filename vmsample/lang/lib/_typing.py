"""Primitives and accelerators for the typing module.

CPython 3.11's ``_typing`` (a C module there), written in Python for the
VM.  typing.py defines its own ``_idfunc`` when this module is missing, but
as a Python function: typing.NewType sets ``__call__ = _idfunc``, and a
Python function there is a method, called with the NewType as its first
argument, where CPython's C function is called with the value alone.  Here
it is a built-in function as CPython's is (_capi.builtin_function).
"""

from _capi import builtin_function as _builtin_function


@_builtin_function
def _idfunc(x, /):
    return x
