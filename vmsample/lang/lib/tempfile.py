"""tempfile for the vmsample VM: temporary directories and file names,
delegated to CPython's tempfile through ``_os`` (vmsample/lang/delegated/
os_engine.py).  TemporaryDirectory is a class of this module (its cleanup
uses shutil.rmtree).  The temporary file objects (TemporaryFile,
NamedTemporaryFile, SpooledTemporaryFile) need file objects the VM does not
have: "tempfile.NAME is not supported by vmsample"."""

import _os
import shutil as _shutil
from os import fspath, _refused

__all__ = ["mkdtemp", "mkstemp", "gettempdir", "gettempprefix", "TemporaryDirectory",
           "TMP_MAX", "template"]

TMP_MAX = 10000
template = "tmp"
tempdir = None


def _optional_path(value):
    return None if value is None else fspath(value)


def gettempdir():
    return _os.gettempdir()


def gettempprefix():
    return _os.gettempprefix()


def mkdtemp(suffix=None, prefix=None, dir=None):
    return _os.mkdtemp(_optional_path(suffix), _optional_path(prefix), _optional_path(dir))


def mkstemp(suffix=None, prefix=None, dir=None, text=False):
    return _os.mkstemp(_optional_path(suffix), _optional_path(prefix), _optional_path(dir), text)


class TemporaryDirectory:
    """A temporary directory, removed with its contents by cleanup() or at
    the end of a with block (whose value is its name)."""

    def __init__(self, suffix=None, prefix=None, dir=None, ignore_cleanup_errors=False):
        self.name = mkdtemp(suffix, prefix, dir)
        self._ignore_cleanup_errors = ignore_cleanup_errors
        self._removed = False

    def __repr__(self):
        return f"<{self.__class__.__name__} {self.name!r}>"

    def __enter__(self):
        return self.name

    def __exit__(self, exc, value, tb):
        self.cleanup()

    def cleanup(self):
        if not self._removed:
            self._removed = True
            _shutil.rmtree(self.name, ignore_errors=self._ignore_cleanup_errors)


TemporaryFile = _refused("tempfile.TemporaryFile")
NamedTemporaryFile = _refused("tempfile.NamedTemporaryFile")
SpooledTemporaryFile = _refused("tempfile.SpooledTemporaryFile")
mktemp = _refused("tempfile.mktemp")
