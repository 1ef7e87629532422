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

An entry's value is the code tree packed (``_pack``) as three objects, so
that reading it makes few Python objects (marshal's time is their number:
the old form, a tuple of fields per code, made ~35 objects a code) and the
VM copies most of it in C (vm/loading.pxi, load_packed_tree):

* ``blob``, the bytes of 32-bit ints: ``ncodes, ninterned``, then each
  code's offset in the blob, then each code's record -- its header, one int
  per name of ``HEADER`` (a field's value, a sequence field's length, or a
  constant reference), then its sequences in ``HEADER``'s order:
  varnames (str indices), cellvars, names (str indices), consts (constant
  references), code (``op, arg`` pairs), lines (one per instruction),
  exctable (four ints a row).  The codes are in preorder, the tree's root
  first;
* ``strs``, every distinct str of the tree, those the VM interns (names,
  str constants) first: the first ``ninterned``;
* ``consts``, the constants that are neither str nor None nor code.

A constant reference is ``index << 2 | kind``: kind ``REF_STR`` indexes
``strs``, ``REF_CODE`` the codes, ``REF_OTHER`` ``consts``; ``REF_NONE`` is
None.  Read back, the tree is [PackedCode]s whose fields are unpacked only
when first asked for: the VM loads a tree from the blob, and asks few of a
start's ~4000 codes for a field.
"""

from __future__ import annotations

import gc
import os
import sys

from vmsample.lang import disk_cache
from vmsample.lang.code_object import Code

__all__ = ["compiled", "compiled_text", "COMPILER_VERSION", "MAX_TEXT", "PackedTree", "PackedCode", "DamagedEntry", "HEADER",
           "REF_STR", "REF_CODE", "REF_OTHER", "REF_NONE"]

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
    disk_cache.write(entry, stamp, _pack(code))
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
        disk_cache.write(entry, stamp, _pack(code))
    return code


def _cached(entry: str, stamp) -> Code | None:
    """The code tree of [entry] if it has this [stamp], else None.  CPython's
    cyclic collector is paused meanwhile: the tuples that marshal makes for
    a module (none of them garbage) ran it over and over; paused, it runs
    once afterwards (and a VM run then freezes the tree: vm/loading.pxi,
    freeze_code_trees)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        packed = disk_cache.read(entry, stamp)
        if packed is None:
            return None
        try:
            return PackedTree(*packed, entry).code(0)
        except (DamagedEntry, TypeError):  # (TypeError: not three values)
            return None
    finally:
        if enabled:
            gc.enable()


# The header of a code's record in the blob, one int per name: the field's
# value, the length of a sequence field, or a constant reference (name,
# qualname, filename, doc).  vm/loading.pxi reads it by these names.
HEADER = ("name", "qualname", "filename", "doc", "firstlineno", "argcount", "kwonlyargcount",
          "posonlyargcount", "flags", "nfree", "maxstack", "defaults_count",
          "varnames", "cellvars", "names", "consts", "code", "exctable")
# A record's sequences after its header, in order, and the ints an item
# takes ("lines" is as long as "code", one per instruction).
_RECORD = (("varnames", 1), ("cellvars", 1), ("names", 1), ("consts", 1), ("code", 2), ("lines", 1),
           ("exctable", 4))
_REFS = ("name", "qualname", "filename", "doc")
REF_STR, REF_CODE, REF_OTHER, REF_NONE = range(4)


def _pack(root: Code) -> tuple:
    from array import array

    codes = []                          # preorder: each code, then its nested codes

    def visit(c):
        codes.append(c)
        for k in c.consts:
            if isinstance(k, Code):
                visit(k)

    visit(root)
    code_index = {id(c): i for i, c in enumerate(codes)}
    strs = {}                           # str -> index, the interned ones first
    for c in codes:
        for s in (*c.names, *(k for k in c.consts if type(k) is str)):
            strs.setdefault(s, len(strs))
    ninterned = len(strs)
    others = []

    def ref(k):
        if k is None:
            return REF_NONE
        if type(k) is str:
            return strs.setdefault(k, len(strs)) << 2 | REF_STR
        if isinstance(k, Code):
            return code_index[id(k)] << 2 | REF_CODE
        others.append(k)
        return (len(others) - 1) << 2 | REF_OTHER

    records = []
    for c in codes:
        head = {f: ref(getattr(c, f)) if f in _REFS else getattr(c, f) for f in HEADER}
        head.update(varnames=len(c.varnames), cellvars=len(c.cellvars), names=len(c.names),
                    consts=len(c.consts), code=len(c.lines), exctable=len(c.exctable))
        records.append([*head.values(), *(strs.setdefault(v, len(strs)) for v in c.varnames), *c.cellvars,
                        *(strs[n] for n in c.names), *map(ref, c.consts), *c.code, *c.lines,
                        *(x for row in c.exctable for x in row)])
    blob = array("i", [len(codes), ninterned])
    offset = 2 + len(codes)
    for record in records:
        blob.append(offset)
        offset += len(record)
    for record in records:
        blob.extend(record)
    assert blob.itemsize == 4
    return blob.tobytes(), tuple(strs), tuple(others)


class DamagedEntry(ValueError):
    """A cache entry whose CRC is right but whose packed tree is not (a
    writer's bug, never a disk's): each reader checks every index it
    follows, so that such an entry is this error, never a wrong read."""


class PackedTree:
    """A code tree as the cache keeps it (the module's docstring): [code](i)
    is its i-th code in preorder, made when first asked for.  [entry] is the
    cache file it was read from, for errors."""

    __slots__ = ("blob", "strs", "consts", "codes", "entry")

    def __init__(self, blob: bytes, strs: tuple, consts: tuple, entry: str = "?"):
        self.blob = blob
        self.strs = strs
        self.consts = consts
        self.entry = entry
        nwords = len(blob) // 4
        ncodes = int.from_bytes(blob[:4], sys.byteorder, signed=True)
        if len(blob) % 4 or not 0 < ncodes <= nwords - 2:
            raise self.damaged()
        self.codes = [None] * ncodes

    def damaged(self) -> DamagedEntry:
        return DamagedEntry(f"a damaged compile cache entry: {self.entry} (delete it)")

    def code(self, i: int) -> PackedCode:
        c = self.codes[i]
        if c is None:
            c = self.codes[i] = _new_object(PackedCode)
            c.tree = self
            c.index = i
        return c

    def unpack(self, c: PackedCode) -> None:
        """Set every field of [c] from the blob."""
        words = memoryview(self.blob).cast("i")
        at = words[2 + c.index]
        if not 0 <= at <= len(words) - len(HEADER):
            raise self.damaged()
        head = dict(zip(HEADER, words[at:at + len(HEADER)]))
        at += len(HEADER)
        seqs = {}
        for f, width in _RECORD:
            n = head["code" if f == "lines" else f] * width
            if n < 0 or at + n > len(words):
                raise self.damaged()
            seqs[f] = words[at:at + n]
            at += n
        if min(seqs["varnames"], default=0) < 0 or min(seqs["names"], default=0) < 0:
            raise self.damaged()            # (a negative index would read from the end)
        try:
            for f in _REFS:
                setattr(c, f, self.constant(head[f], c.index))
            for f in ("firstlineno", "argcount", "kwonlyargcount", "posonlyargcount", "flags", "nfree",
                      "maxstack", "defaults_count"):
                setattr(c, f, head[f])
            c.varnames = [self.strs[i] for i in seqs["varnames"]]
            c.cellvars = list(seqs["cellvars"])
            c.names = [self.strs[i] for i in seqs["names"]]
            c.consts = [self.constant(r, c.index) for r in seqs["consts"]]
        except IndexError:
            raise self.damaged() from None
        c.code = seqs["code"]
        c.lines = seqs["lines"]
        rows = seqs["exctable"]
        c.exctable = [tuple(rows[i:i + 4]) for i in range(0, len(rows), 4)]

    def constant(self, ref: int, referrer: int):
        """The constant [ref] names in the code [referrer] (a nested code
        comes after it in preorder: a tree has no cycle)."""
        kind, index = ref & 3, ref >> 2
        if ref == REF_NONE:
            return None
        if index < 0 or kind == REF_NONE or kind == REF_CODE and not referrer < index < len(self.codes):
            raise IndexError(index)
        if kind == REF_STR:
            return self.strs[index]
        return self.code(index) if kind == REF_CODE else self.consts[index]


class PackedCode(Code):
    """A [Code] of a [PackedTree], its fields unpacked when first asked for."""

    __slots__ = ("tree", "index")

    def __getattr__(self, name):
        # (called only for a slot not yet set)
        if name not in _FIELDS:
            raise AttributeError(name)
        self.tree.unpack(self)
        return getattr(self, name)

    @property
    def unpacked(self) -> bool:
        """Whether the fields are set (unpack sets them all at once)."""
        try:
            _NAME_SLOT.__get__(self)
        except AttributeError:
            return False
        return True


_FIELDS = frozenset(Code.__slots__)
_NAME_SLOT = Code.__dict__["name"]
_new_object = object.__new__
