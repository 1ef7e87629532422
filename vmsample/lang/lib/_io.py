"""The io module provides the Python interfaces to stream handling.

CPython 3.11's ``_io`` (built into the interpreter there) for the VM: the
classes are CPython's own pure-Python implementation, ``_pyio`` of the
host's standard library, handed out under the names ``io.py`` imports.

The import circle, and how it is broken: ``io`` imports every class from
``_io`` (this module); ``_pyio`` imports ``SEEK_SET``..., ``__all__`` and the
abstract classes it registers with from ``io``, and ``FileIO`` from ``_io``
-- while ``io`` is still waiting for ``_io``.  So ``_pyio`` is imported here
with a stand-in ``io`` in sys.modules that has just what ``_pyio`` reads at
import time, and a placeholder ``FileIO`` here, then the real ``io`` (half
made, waiting for this module) is put back.  The registrations ``_pyio``
makes with the stand-in are not needed: ``io``'s abstract classes derive
from ``_pyio``'s (``class IOBase(_io._IOBase, ...)``) and register the
concrete classes themselves.

Import ``io`` rather than ``_io`` first (the VM does at start-up): a
program that imports ``_io`` before ``io`` gets an empty ``_pyio.__all__``.
"""

import sys as _sys


class _Registers:
    # The abstract classes of the stand-in io: _pyio registers its classes
    # with them.
    @classmethod
    def register(cls, subclass):
        return subclass


def _stand_in_io():
    io = type(_sys)("io")
    io.__all__ = getattr(_sys.modules.get("io"), "__all__", [])
    io.SEEK_SET, io.SEEK_CUR, io.SEEK_END = 0, 1, 2
    io.IOBase = io.RawIOBase = io.BufferedIOBase = io.TextIOBase = _Registers
    return io


class FileIO:
    """A placeholder for the moment _pyio imports FileIO from here."""


_real_io = _sys.modules.get("io")
_sys.modules["io"] = _stand_in_io()
try:
    import _pyio
finally:
    if _real_io is None:
        del _sys.modules["io"]
    else:
        _sys.modules["io"] = _real_io
del _real_io, _stand_in_io, _Registers

DEFAULT_BUFFER_SIZE = _pyio.DEFAULT_BUFFER_SIZE
BlockingIOError = BlockingIOError
UnsupportedOperation = _pyio.UnsupportedOperation
open = _pyio.open
text_encoding = _pyio.text_encoding

_IOBase = _pyio.IOBase
_RawIOBase = _pyio.RawIOBase
_BufferedIOBase = _pyio.BufferedIOBase
_TextIOBase = _pyio.TextIOBase

FileIO = _pyio.FileIO
BytesIO = _pyio.BytesIO
StringIO = _pyio.StringIO
BufferedReader = _pyio.BufferedReader
BufferedWriter = _pyio.BufferedWriter
BufferedRWPair = _pyio.BufferedRWPair
BufferedRandom = _pyio.BufferedRandom
TextIOWrapper = _pyio.TextIOWrapper
IncrementalNewlineDecoder = _pyio.IncrementalNewlineDecoder


def open_code(path):
    """Opens the provided file with the intent to import the contents.

This may perform extra validation beyond open(), but is otherwise interchangeable
with calling open(path, 'rb')."""
    # CPython's open_code may be hooked by an embedder; the VM has no hooks.
    if not isinstance(path, str):
        raise TypeError(f"open_code() argument 'path' must be str, not {type(path).__name__}")
    return _pyio.open(path, "rb")


_pyio.open_code = open_code
