"""vmsample: allocation sampling folded into a nursery allocator's limit.

Public API (imported lazily, so that pure-Python parts such as the profile
schema work without the compiled extensions):

* ``Nursery``, ``Ref``           -- the nursery core (``vmsample._nursery``)
* ``read_profile``, ``Profile``  -- the fast profile reader and its model
* ``ProfileFormatError``         -- the one error for malformed profiles
* ``get_include()``              -- where Cython finds ``vmsample/*.pxd`` and C
                                    ``vmsample/include/vmsample.h`` (docs/embedding.md)
"""

__version__ = "0.1.0"

_LAZY = {
    "Nursery": "vmsample._nursery",
    "Ref": "vmsample._nursery",
    "read_profile": "vmsample.profile.reader",
    "Profile": "vmsample.profile.model",
    "ProfileFormatError": "vmsample.profile.errors",
}

__all__ = ["__version__", "get_include", *_LAZY]


def get_include():
    """The directory to add to Cython's include path so that third-party code
    can ``cimport vmsample._nursery``, and to a C compiler's so that it can
    ``#include "vmsample/include/vmsample.h"`` (like ``numpy.get_include()``).

    A regular install puts the ``.pxd`` files on ``sys.path``, where Cython
    looks anyway; an editable install does not, so build scripts should pass
    ``include_path=[vmsample.get_include()]`` to ``cythonize`` (and
    ``include_dirs=[vmsample.get_include()]`` to a C extension)."""
    import os

    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def __getattr__(name):
    try:
        module = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module 'vmsample' has no attribute {name!r}") from None
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(__all__)
