"""The CPython halves of the VM's delegated library modules.

A few leaf modules of the VM's standard library (vmsample/lang/lib) do their
work in CPython, because nobody profiles their internals and rewriting them
would only be slower: the VM-side module (Python source the VM compiles)
checks its arguments and builds every object the program sees, and calls a
built-in module of plain functions defined here, which take and return only
None, bools, ints, floats, strs, bytes, tuples and lists.  The VM converts those
results into new VM objects (py_to_vm in vm/exceptions.pxi), so everything a
program gets back is allocated in the nursery and shows in profiles.

The delegated modules: ``re`` (``_re``: re_engine.py), ``urllib.parse``
(``_urlparse``: urlparse_engine.py), ``hashlib`` (``_hashlib``:
hashlib_engine.py), ``struct`` (``_struct``: struct_engine.py), the files
open() returns (``_fileio``: fileio_engine.py), ``os``, ``os.path``,
``shutil``, ``tempfile``, ``fnmatch``, ``glob`` and pathlib's system calls
(``_os``: os_engine.py), and ``decimal`` (``_decimal``: decimal_engine.py).
Bytes pass both ways as well: a VM bytes or bytearray argument arrives as
CPython's, a CPython bytes result becomes a VM bytes.  docs/design.md §4.6.
"""
