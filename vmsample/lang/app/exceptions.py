"""The builtin exceptions' own behaviour beyond BaseException's (app-level),
after CPython 3.11's Objects/exceptions.c: the attributes each takes from
its arguments (StopIteration.value, OSError.errno, ImportError.name...),
the keyword arguments some accept, their str(), their pickling, and
OSError's choice of subclass by errno.

The VM runs this module once when it starts (vmsample/lang/app); each
method is installed in its builtin class.  The attributes are ordinary
instance attributes (CPython's are members: they stay out of __dict__).
"""

import errno as _errno
from _vm import install, register

_base_init = BaseException.__init__
_base_str = BaseException.__str__


def _methods(cls):
    """Install the decorated class's methods in builtin class [cls]."""
    def install_all(source):
        for name, value in source.__dict__.items():
            if name not in ("__module__", "__qualname__", "__doc__", "__dict__", "__weakref__"):
                install(cls, name, value)
        return cls
    return install_all


def _keywords(owner, kwargs, *names):
    """The values of keyword arguments [names] (None where not given); any
    other is refused in the words of CPython's PyArg_ParseTupleAndKeywords,
    which names the class that defines the arguments."""
    for key in kwargs:
        if key not in names:
            raise TypeError(f"'{key}' is an invalid keyword argument for {owner}()")
    return [kwargs.get(name) for name in names]


@_methods(StopIteration)
class _StopIteration:
    def __init__(self, *args):
        _base_init(self, *args)
        self.value = args[0] if args else None


@_methods(StopAsyncIteration)
class _StopAsyncIteration:
    def __init__(self, *args):
        _base_init(self, *args)


@_methods(SystemExit)
class _SystemExit:
    def __init__(self, *args):
        _base_init(self, *args)
        self.code = None if not args else args[0] if len(args) == 1 else args


@_methods(KeyError)
class _KeyError:
    def __str__(self):
        if len(self.args) == 1:
            return repr(self.args[0])
        return _base_str(self)


@_methods(ImportError)
class _ImportError:
    def __init__(self, *args, **kwargs):
        self.name, self.path = _keywords("ImportError", kwargs, "name", "path")
        _base_init(self, *args)
        self.msg = args[0] if len(args) == 1 else None

    def __str__(self):
        if self.msg is not None:
            return str(self.msg)
        return _base_str(self)

    def __reduce__(self):
        state = {key: value for key, value in (("name", self.name), ("path", self.path))
                 if value is not None}
        return (type(self), self.args, state) if state else (type(self), self.args)


@_methods(AttributeError)
class _AttributeError:
    def __init__(self, *args, **kwargs):
        self.name, self.obj = _keywords("AttributeError", kwargs, "name", "obj")
        _base_init(self, *args)


@_methods(NameError)
class _NameError:
    def __init__(self, *args, **kwargs):
        self.name, = _keywords("NameError", kwargs, "name")
        _base_init(self, *args)


# errno -> the OSError subclass OSError(errno, ...) makes (exceptions.c's errnomap)
_SUBCLASS_BY_ERRNO = {}
for _cls, _names in [(BlockingIOError, ("EAGAIN", "EALREADY", "EWOULDBLOCK", "EINPROGRESS")),
                     (ChildProcessError, ("ECHILD",)), (BrokenPipeError, ("EPIPE", "ESHUTDOWN")),
                     (ConnectionAbortedError, ("ECONNABORTED",)),
                     (ConnectionRefusedError, ("ECONNREFUSED",)),
                     (ConnectionResetError, ("ECONNRESET",)), (FileExistsError, ("EEXIST",)),
                     (FileNotFoundError, ("ENOENT",)), (IsADirectoryError, ("EISDIR",)),
                     (NotADirectoryError, ("ENOTDIR",)), (InterruptedError, ("EINTR",)),
                     (PermissionError, ("EACCES", "EPERM")), (ProcessLookupError, ("ESRCH",)),
                     (TimeoutError, ("ETIMEDOUT",))]:
    for _name in _names:
        if hasattr(_errno, _name):
            _SUBCLASS_BY_ERRNO[getattr(_errno, _name)] = _cls


@_methods(OSError)
class _OSError:
    def __new__(cls, *args, **kwargs):
        if cls is OSError and 2 <= len(args) <= 5 and type(args[0]) is int:
            cls = _SUBCLASS_BY_ERRNO.get(args[0], OSError)
        return BaseException.__new__(cls, *args)

    def __init__(self, *args):
        self.errno = self.strerror = self.filename = self.filename2 = None
        if 2 <= len(args) <= 5:
            self.errno, self.strerror = args[0], args[1]
            if len(args) >= 3:
                self.filename = args[2]
            if len(args) == 5:
                self.filename2 = args[4]
            if len(args) >= 3:
                args = args[:2]         # the file names are attributes, not arguments
        _base_init(self, *args)

    def __str__(self):
        if self.filename is not None:
            if self.filename2 is not None:
                return f"[Errno {self.errno}] {self.strerror}: {self.filename!r} -> {self.filename2!r}"
            return f"[Errno {self.errno}] {self.strerror}: {self.filename!r}"
        if self.errno is not None and self.strerror is not None:
            return f"[Errno {self.errno}] {self.strerror}"
        return _base_str(self)

    def __reduce__(self):
        args = self.args
        if len(args) == 2 and self.filename is not None:
            args = (*args, self.filename) if self.filename2 is None else \
                (*args, self.filename, None, self.filename2)
        state = {k: v for k, v in self.__dict__.items()
                 if k not in ("errno", "strerror", "filename", "filename2")}
        return (type(self), args, state) if state else (type(self), args)


@_methods(SyntaxError)
class _SyntaxError:
    def __init__(self, *args):
        _base_init(self, *args)
        self.msg = args[0] if args else None
        self.filename = self.lineno = self.offset = self.text = None
        self.end_lineno = self.end_offset = None
        self.print_file_and_line = None
        if len(args) == 2:
            info = tuple(args[1])
            if len(info) < 4:
                raise TypeError(f"function takes at least 4 arguments ({len(info)} given)")
            if len(info) > 6:
                raise TypeError(f"function takes at most 6 arguments ({len(info)} given)")
            if len(info) == 5:
                raise TypeError("end_offset must be provided when end_lineno is provided")
            (self.filename, self.lineno, self.offset, self.text,
             self.end_lineno, self.end_offset) = info + (None,) * (6 - len(info))

    def __str__(self):
        msg = str(self.msg)
        filename = self.filename
        if isinstance(filename, str):
            filename = filename.rpartition("/")[2]
        if filename and isinstance(self.lineno, int):
            return f"{msg} ({filename}, line {self.lineno})"
        if filename:
            return f"{msg} ({filename})"
        if isinstance(self.lineno, int):
            return f"{msg} (line {self.lineno})"
        return msg


def _unicode_error(cls, what):
    @_methods(cls)
    class _UnicodeError:
        def __init__(self, *args):
            _base_init(self, *args)
            if what == "translate":
                if len(args) != 4:
                    raise TypeError(f"function takes exactly 4 arguments ({len(args)} given)")
                self.object, self.start, self.end, self.reason = args
                self.encoding = None
            else:
                if len(args) != 5:
                    raise TypeError(f"function takes exactly 5 arguments ({len(args)} given)")
                self.encoding, self.object, self.start, self.end, self.reason = args
                if what == "decode" and isinstance(self.object, (bytearray, memoryview)):
                    self.object = bytes(self.object)

        def __str__(self):
            if len(self.args) < 4:
                return _base_str(self)
            obj, start, end = self.object, self.start, self.end
            if end == start + 1 and 0 <= start < len(obj):
                ch = obj[start]
                if what == "decode":
                    return (f"'{self.encoding}' codec can't decode byte 0x{ch:02x} in position "
                            f"{start}: {self.reason}")
                code = ord(ch)
                spec = f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 \
                    else f"\\U{code:08x}"
                if what == "translate":
                    return f"can't translate character '{spec}' in position {start}: {self.reason}"
                return (f"'{self.encoding}' codec can't encode character '{spec}' in position "
                        f"{start}: {self.reason}")
            if what == "translate":
                return f"can't translate characters in position {start}-{end - 1}: {self.reason}"
            verb = "decode bytes" if what == "decode" else "encode characters"
            return f"'{self.encoding}' codec can't {verb} in position {start}-{end - 1}: {self.reason}"


_unicode_error(UnicodeDecodeError, "decode")
_unicode_error(UnicodeEncodeError, "encode")
_unicode_error(UnicodeTranslateError, "translate")
register("exceptions_ready", True)
