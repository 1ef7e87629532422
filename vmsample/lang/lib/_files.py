"""Files for the vmsample VM: what the builtin open() returns.

The VM's open() calls [open] here.  The file itself is CPython's, opened by
``_fileio`` (vmsample/lang/delegated/fileio_engine.py), which hands back a
handle; the file object the program sees is a VM object of the class CPython
would return (TextIOWrapper, BufferedReader, BufferedWriter, BufferedRandom,
FileIO) whose methods name that handle.  What is read comes back as VM str
or bytes objects, so reading is profiled like any other allocation.

CPython's modes, arguments, results and errors: read, read1, readline,
readlines, readinto is refused, write, writelines, seek, tell, truncate,
flush, close, closed, name, mode, fileno, isatty, readable, writable,
seekable, iteration by line and the with statement.  A file the program
never closes is closed when the program exits (CPython closes it when it is
collected: the contents written are the same).  io.UnsupportedOperation (a
write to a file opened for reading...) reaches the program as an OSError
with CPython's message.
"""

import _fileio
from io import IOBase

SEEK_SET, SEEK_CUR, SEEK_END = 0, 1, 2


class _File(IOBase):
    def __init__(self, handle, name, mode):
        self._handle = handle
        self.name = name
        self.mode = mode

    def _call(self, method, *args):
        return _fileio.call(self._handle, method, args)

    @property
    def closed(self):
        return _fileio.attribute(self._handle, "closed")

    def read(self, size=-1):
        return self._call("read", size)

    def readline(self, size=-1):
        return self._call("readline", size)

    def readlines(self, hint=-1):
        return self._call("readlines", hint)

    def write(self, data):
        return self._call("write", data)

    def seek(self, offset, whence=SEEK_SET):
        return self._call("seek", offset, whence)

    def tell(self):
        return self._call("tell")

    def truncate(self, size=None):
        return self._call("truncate", size)

    def flush(self):
        return self._call("flush")

    def close(self):
        return self._call("close")

    def fileno(self):
        return self._call("fileno")

    def isatty(self):
        return self._call("isatty")

    def readable(self):
        return self._call("readable")

    def writable(self):
        return self._call("writable")

    def seekable(self):
        return self._call("seekable")

    def readinto(self, buffer):
        raise NotImplementedError("readinto is not supported by vmsample")

    def __iter__(self):
        self._call("__iter__")          # CPython's check that the file is open
        return self

    def __enter__(self):
        self._call("__enter__")
        return self

    def __repr__(self):
        return _fileio.text_repr(self._handle)


class TextIOWrapper(_File):
    @property
    def encoding(self):
        return _fileio.attribute(self._handle, "encoding")

    @property
    def errors(self):
        return _fileio.attribute(self._handle, "errors")


class BufferedReader(_File):
    def read1(self, size=-1):
        return self._call("read1", size)

    def peek(self, size=0):
        return self._call("peek", size)


class BufferedWriter(_File):
    pass


class BufferedRandom(BufferedReader):
    pass


class FileIO(_File):
    pass


_CLASSES = {"TextIOWrapper": TextIOWrapper, "BufferedReader": BufferedReader,
            "BufferedWriter": BufferedWriter, "BufferedRandom": BufferedRandom, "FileIO": FileIO}


def open(file, mode="r", buffering=-1, encoding=None, errors=None, newline=None, closefd=True, opener=None):
    if opener is not None:
        raise NotImplementedError("open() with opener= is not supported by vmsample")
    if not isinstance(file, (str, bytes)) and hasattr(file, "__fspath__"):
        file = file.__fspath__()
    if not isinstance(file, (str, bytes)):
        if isinstance(file, int):
            raise NotImplementedError("open() of a file descriptor is not supported by vmsample")
        raise TypeError(f"expected str, bytes or os.PathLike object, not {type(file).__name__}")
    handle, kind, name, mode = _fileio.open(file, mode, buffering, encoding, errors, newline, closefd)
    return _CLASSES[kind](handle, name, mode)
