"""The profile format: writer, `construct` schema, fast reader and model.

* `ProfileWriter` (``_writer.pyx``, compiled) writes profiles; Cython code
  cimports its C-level API from ``vmsample.profile._writer``.
* `attach_python` (``_glue.pyx``, compiled) profiles a VM written in Python
  (a Python stack walker); Cython VMs cimport ``attach`` from the same module.
* `read_profile` (``reader.py``) reads them into a `Profile` (``model.py``).
* ``schema.py`` is the reference definition, in `construct`; ``records.py``
  decodes a file with it, ``schema_reader.py`` builds a `Profile` from that.
* `ProfileFormatError` (``errors.py``) is raised for every malformed file.

Only the writer needs the compiled extension; everything else is pure Python
(``tools/read_profile.py`` relies on that), so names are imported lazily.
"""

_LAZY = {
    "ProfileWriter": "vmsample.profile._writer",
    "attach_python": "vmsample.profile._glue",
    "read_profile": "vmsample.profile.reader",
    "Profile": "vmsample.profile.model",
    "ProfileFormatError": "vmsample.profile.errors",
}

__all__ = list(_LAZY)


def __getattr__(name):
    try:
        module = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module 'vmsample.profile' has no attribute {name!r}") from None
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
