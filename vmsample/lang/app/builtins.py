"""The builtin functions the VM writes in Python (app-level): those that
look at the caller's frame (dir(), vars(), locals()), those that are
conveniences over other builtins (ascii, iter with a sentinel, aiter,
anext, open), all as CPython's Python/bltinmodule.c defines them.

The VM runs this module once when it starts (vmsample/lang/app); each
function goes into the builtins namespace.  Its frames are hidden, as C
code has none (CO_HIDDEN), so sys._getframe(0) is the caller's.
"""

import builtins
import sys
from _vm import register

_MISSING = object()

# The builtins these functions use, as they were at start-up: a program that
# replaces builtins.len (test_functools caches it with lru_cache) must not
# change what iter() does, as it cannot change CPython's C code.
_len = builtins.len


def locals():
    """Return a dictionary containing the current scope's local variables."""
    return sys._getframe(0).f_locals


def vars(*args):
    """vars([object]) -> dictionary

    Without arguments, equivalent to locals().
    With an argument, equivalent to object.__dict__."""
    if not args:
        return sys._getframe(0).f_locals
    if _len(args) > 1:
        raise TypeError(f"vars expected at most 1 argument, got {_len(args)}")
    try:
        return args[0].__dict__
    except AttributeError:
        raise TypeError("vars() argument must have __dict__ attribute") from None


def dir(*args):
    """dir([object]) -> list of strings

    If called without an argument, return the names in the current scope.
    Else, return an alphabetized list of names comprising (some of) the
    attributes of the given object, and of attributes reachable from it."""
    if not args:
        return sorted(sys._getframe(0).f_locals)
    if _len(args) > 1:
        raise TypeError(f"dir expected at most 1 argument, got {_len(args)}")
    obj = args[0]
    # (issubclass of type(obj): isinstance would ask obj's __class__, which
    # CPython's PyType_Check does not)
    if issubclass(type(obj), type) and type(obj).__dir__ is type.__dir__:
        names = set()
        for cls in obj.__mro__:
            names.update(cls.__dict__)
        return sorted(names)
    result = type(obj).__dir__(obj)
    return sorted(result)


def ascii(obj):
    """Return an ASCII-only representation of an object."""
    text = repr(obj)
    if text.isascii():
        # (as is, an instance of a str subclass too: CPython's PyObject_ASCII)
        return text
    return text.encode("ascii", "backslashreplace").decode("ascii")


class callable_iterator:
    __module__ = "builtins"

    def __init__(self, callable, sentinel):
        self._callable = callable
        self._sentinel = sentinel

    def __iter__(self):
        return self

    def __next__(self):
        # (as CPython's calliter_iternext: a StopIteration from the callable
        # ends the iteration too, and a value whose call itself exhausted
        # the iterator -- it iterated it to its end -- is dropped: gh-101892)
        if self._callable is None:
            raise StopIteration
        try:
            value = self._callable()
        except StopIteration:
            self._callable = None
        if self._callable is None:
            raise StopIteration
        if value == self._sentinel:
            self._callable = None
            raise StopIteration
        return value

    def __reduce__(self):
        if self._callable is None:
            return (builtins.iter, ((),))
        return (builtins.iter, (self._callable, self._sentinel))


_iter = builtins.iter


def iter(*args, **keywords):
    """iter(iterable) -> iterator
    iter(callable, sentinel) -> iterator"""
    if keywords:
        raise TypeError("iter() takes no keyword arguments")
    if _len(args) == 1:
        return _iter(args[0])
    if _len(args) != 2:
        raise TypeError(f"iter expected {'at least 1 argument' if not args else 'at most 2 arguments'}, "
                        f"got {_len(args)}")
    if not callable(args[0]):
        raise TypeError("iter(v, w): v must be callable")
    return callable_iterator(args[0], args[1])


def aiter(async_iterable):
    """Return an AsyncIterator for an AsyncIterable object."""
    aiter_method = getattr(type(async_iterable), "__aiter__", None)
    if aiter_method is None:
        raise TypeError(f"'{type(async_iterable).__name__}' object is not an async iterable")
    it = aiter_method(async_iterable)
    if not hasattr(type(it), "__anext__"):
        raise TypeError(f"aiter() returned not an async iterator of type '{type(it).__name__}'")
    return it


async def _anext_default(awaitable, default):
    try:
        return await awaitable
    except StopAsyncIteration:
        return default


def anext(aiterator, default=_MISSING):
    """Return the next item from the async iterator."""
    anext_method = getattr(type(aiterator), "__anext__", None)
    if anext_method is None:
        raise TypeError(f"'{type(aiterator).__name__}' object is not an async iterator")
    awaitable = anext_method(aiterator)
    if default is _MISSING:
        return awaitable
    return _anext_default(awaitable, default)


def open(file, mode="r", buffering=-1, encoding=None, errors=None, newline=None, closefd=True,
         opener=None):
    """Open file and return a stream (io.open)."""
    import io
    return io.open(file, mode, buffering, encoding, errors, newline, closefd, opener)


def breakpoint(*args, **kws):
    return sys.breakpointhook(*args, **kws)


for _f in (locals, vars, dir, ascii, iter, aiter, anext, open, breakpoint):
    setattr(builtins, _f.__name__, _f)
    _f.__module__ = "builtins"
register("assertion_error", AssertionError)     # what `assert` raises (LOAD_APP)
register("builtins_ready", True)


# ---------------------------------------------------------------- compile, exec, eval

from _vm import compile as _compile_code, run as _run_code

PyCF_ONLY_AST = 0x400


def compile(source, filename, mode, flags=0, dont_inherit=False, optimize=-1, *,
            _feature_version=-1):
    """Compile source into a code object that can be executed by exec() or eval()."""
    import _ast
    if isinstance(filename, bytes):
        filename = filename.decode()
    if not isinstance(filename, str):
        filename = __import__("os").fspath(filename)
    if isinstance(source, _ast.AST):
        if flags & PyCF_ONLY_AST:
            return source
        source = _ast.to_host(source)
    elif isinstance(source, memoryview):
        source = source.tobytes()
    elif not isinstance(source, (str, bytes, bytearray)):
        raise TypeError("compile() arg 1 must be a string, bytes or AST object")
    if flags & PyCF_ONLY_AST:
        # the host's parser; the tree becomes the VM's _ast nodes
        import _vmhost
        host_tree = _vmhost.delegate("builtins").compile(source, filename, mode, flags, True,
                                                          optimize, _feature_version=_feature_version)
        return _ast.from_host(host_tree)
    return _compile_code(source, filename, mode)


def _namespaces(globals, locals):
    if globals is None:
        frame = sys._getframe(0)
        globals = frame.f_globals
        if locals is None:
            locals = frame.f_locals
    elif locals is None:
        locals = globals
    if type(globals) is not dict:
        raise TypeError(f"globals must be a dict, not {type(globals).__name__}" if globals is not None
                        else "globals must be a dict")
    if not hasattr(locals, "__getitem__"):
        raise TypeError(f"locals must be a mapping, not {type(locals).__name__}")
    return globals, locals


def exec(source, globals=None, locals=None, /, *, closure=None):
    """Execute the given source in the context of globals and locals."""
    globals, locals = _namespaces(globals, locals)
    if isinstance(source, (str, bytes, bytearray)):
        source = _compile_code(source, "<string>", "exec")
    elif type(source).__name__ != "code":
        raise TypeError(f"exec() arg 1 must be a string, bytes or code object")
    _run_code(source, globals, locals)


def eval(source, globals=None, locals=None, /):
    """Evaluate the given source in the context of globals and locals."""
    globals, locals = _namespaces(globals, locals)
    if isinstance(source, str):
        source = _compile_code(source.lstrip(" \t"), "<string>", "eval")
    elif isinstance(source, (bytes, bytearray)):
        source = _compile_code(bytes(source).lstrip(b" \t"), "<string>", "eval")
    elif type(source).__name__ != "code":
        raise TypeError("eval() arg 1 must be a string, bytes or code object")
    return _run_code(source, globals, locals)


for _f in (compile, exec, eval):
    setattr(builtins, _f.__name__, _f)
    _f.__module__ = "builtins"
