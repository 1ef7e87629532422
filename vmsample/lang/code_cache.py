"""The compile cache: compiled code kept on disk (``disk_cache.py``), as
CPython's ``__pycache__``, so that no run pays to compile what has not
changed -- the standard library's modules above all, but also the program
itself and the small sources that ``compile``, ``exec`` and ``eval`` see
again at every run (namedtuple's ``__new__``).  A run whose code is all in
the cache never imports the compiler.

Every entry's stamp holds the compiler's version (``COMPILER_VERSION``: a
hash of the package's version and the size and mtime of each of the
compiler's own source files), so editing the compiler recompiles
everything; beyond that:

* a module file ([compiled]) is named by its absolute path and package, and
  its stamp holds the source's size and modification time (ns), as CPython's
  pyc does: an entry is used only while they are the file's;
* program text ([compiled_text]: the program, ``-c``, and ``compile()``'s
  sources) is named by the text itself, with its file name and mode, so its
  entry never goes stale.  A text longer than ``MAX_TEXT`` is compiled every
  time (generated code that differs at every run would only fill the cache).

An entry's value is the code tree flattened in preorder: each [Code] as its
fields in ``Code.__slots__`` order, ``code`` and ``lines`` as the bytes of
32-bit ints (loaded as memoryviews, which the VM copies in one go), and each
nested code among the constants replaced by its index in the flattening
(the indices of those constants are the last field).
"""

from __future__ import annotations

import gc
import os

from vmsample.lang import disk_cache
from vmsample.lang.code_object import Code

__all__ = ["compiled", "compiled_text", "COMPILER_VERSION", "MAX_TEXT"]

_HERE = os.path.dirname(os.path.abspath(__file__))
MAX_TEXT = 64 * 1024


def _compiler_version() -> str:
    # The compiler's files named by their size and modification time (ns), as
    # a module's entry names its source, and the package's version: reading
    # and hashing the 120 KB of sources themselves cost ~1.5 ms a start.  An
    # edited compiler file has a new mtime (an editable install's); an
    # installed package's files change only with a new install.
    from vmsample import __version__

    compiler = sorted(os.path.join("compiler", f) for f in os.listdir(os.path.join(_HERE, "compiler"))
                      if f.endswith(".py"))
    stamps = [__version__]
    for name in (*compiler, "code_object.py", "code_cache.py", "opcodes.py", "verify.py", "source.py"):
        st = os.stat(os.path.join(_HERE, name))
        stamps.append(f"{name}:{st.st_size}:{st.st_mtime_ns}")
    return disk_cache.sha256("\0".join(stamps).encode()).hexdigest()[:16]


COMPILER_VERSION = _compiler_version()


def compiled(path: str, *, package: str = "", search_path: list | None = None) -> Code:
    """The compiled code of the source file [path], from the cache when it is
    current, else compiled (SyntaxError as compile_source raises it) and
    cached."""
    path = os.path.abspath(path)
    st = os.stat(path)
    stamp = (path, st.st_size, st.st_mtime_ns, COMPILER_VERSION)
    entry = disk_cache.entry_path(COMPILER_VERSION, "file", path, package)
    code = _cached(entry, stamp)
    if code is not None:
        return code
    from vmsample.lang.compiler import compile_source
    from vmsample.lang.source import read_source

    code = compile_source(read_source(path), path, package=package, search_path=search_path)
    disk_cache.write(entry, stamp, _flatten(code))
    return code


def compiled_text(source: str, filename: str, mode: str = "module", *,
                  search_path: list | None = None, package: str = "") -> Code:
    """The compiled code of program text [source]: mode "module" is a
    program's (compile_source), "exec", "eval" and "single" are compile()'s
    (compile_dynamic; [package] resolves its relative imports).  From the
    cache when this text was compiled before."""
    cached = len(source) <= MAX_TEXT
    if cached:
        digest = disk_cache.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()
        stamp = (filename, mode, package, digest, COMPILER_VERSION)
        entry = disk_cache.entry_path(COMPILER_VERSION, "text", filename, mode, package, digest)
        code = _cached(entry, stamp)
        if code is not None:
            return code
    if mode == "module":
        from vmsample.lang.compiler import compile_source
        code = compile_source(source, filename, search_path=search_path)
    else:
        from vmsample.lang.compiler import compile_dynamic
        code = compile_dynamic(source, filename, mode, package=package)
    if cached:
        disk_cache.write(entry, stamp, _flatten(code))
    return code


def _cached(entry: str, stamp) -> Code | None:
    """The code tree of [entry] if it has this [stamp], else None.  CPython's
    cyclic collector is paused meanwhile: the tens of thousands of tuples
    that marshal and [_unflatten] make for a module (none of them garbage)
    ran it over and over (6.5 of the 22 ms that reading the code of six
    common modules took); paused, it runs once afterwards (and a VM run
    then freezes the tree: vm/loading.pxi, freeze_code_trees)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        flat = disk_cache.read(entry, stamp)
        return None if flat is None else _unflatten(flat)
    finally:
        if enabled:
            gc.enable()


def _flatten(code: Code) -> tuple:
    out = []

    def visit(c):
        index = len(out)
        out.append(None)
        consts = list(c.consts)
        nested = tuple(i for i, k in enumerate(consts) if isinstance(k, Code))
        for i in nested:
            consts[i] = visit(consts[i])
        fields = dict(zip(Code.__slots__, c.fields()))
        fields.update(code=_words(c.code), lines=_words(c.lines), consts=tuple(consts),
                      varnames=tuple(c.varnames), cellvars=tuple(c.cellvars), names=tuple(c.names),
                      exctable=tuple(tuple(row) for row in c.exctable))
        out[index] = (*fields.values(), nested)
        return index

    visit(code)
    return tuple(out)


def _words(seq) -> bytes:
    from array import array

    words = array("i", seq)
    assert words.itemsize == 4
    return words.tobytes()


def _unflatten(flat: tuple) -> Code:
    # Each row's fields are set by one unpacking, in Code.__slots__ order
    # (test_code_cache.py compares a cached tree with the compiled one),
    # without a call of Code.__init__: a fifth of this function's time.
    codes = []
    for row in flat:
        c = _new_object(Code)
        (c.name, c.qualname, c.filename, c.firstlineno, c.argcount, c.kwonlyargcount, c.posonlyargcount,
         c.flags, c.varnames, c.cellvars, c.nfree, code, lines, consts, c.names, c.exctable, c.maxstack,
         c.defaults_count, c.doc, _nested) = row
        c.code = memoryview(code).cast("i")
        c.lines = memoryview(lines).cast("i")
        c.consts = list(consts)
        codes.append(c)
    for c, row in zip(codes, flat):
        consts = c.consts
        for i in row[-1]:
            consts[i] = codes[consts[i]]
    return codes[0]


_new_object = object.__new__
