"""The CPython halves of the VM's delegated library modules.

A few leaf modules of the VM's standard library (vmsample/lang/lib) do their
work in CPython, because nobody profiles their internals and rewriting them
would only be slower: the VM-side module (Python source the VM compiles)
checks its arguments and builds every object the program sees, and calls a
built-in module of plain functions defined here, which take and return only
None, bools, ints, floats, strs, tuples and lists.  The VM converts those
results into new VM objects (py_to_vm in vm/exceptions.pxi), so everything a
program gets back is allocated in the nursery and shows in profiles.

The delegated modules: ``re`` (``_re``: re_engine.py), ``urllib.parse``
(``_urlparse``: urlparse_engine.py), and ``os``, ``os.path``, ``shutil``,
``tempfile``, ``fnmatch``, ``glob`` and pathlib's system calls (``_os``:
os_engine.py), and ``decimal`` (``_decimal``: decimal_engine.py).  docs/design.md §4.6.
"""
