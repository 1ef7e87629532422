"""Program text from a file, decoded as CPython decodes a source file.

The bytes are decoded by PEP 263's rules (a UTF-8 BOM, or a ``coding:``
declaration on line 1 or 2, else UTF-8), through the standard library's own
``tokenize.detect_encoding``.  Every failure is a SyntaxError with the
file, line and column where CPython would stop, so ``vmsample run`` and
``python -m vmsample.lang`` report it as ``file:line:col: SyntaxError: ...``.
"""

from __future__ import annotations

import codecs
import io

__all__ = ["read_source", "decode_source", "declaration_line", "check_no_nul"]


def read_source(path) -> str:
    """The text of the program file [path] (OSError if it cannot be read)."""
    with open(path, "rb") as f:
        data = f.read()
    return decode_source(data, str(path))


def decode_source(data: bytes, filename: str) -> str:
    """[data] decoded as CPython decodes a source file; the BOM is dropped."""
    end = data.find(b"\n", data.find(b"\n") + 1)          # the end of line 2
    if not data.startswith(codecs.BOM_UTF8) and b"coding" not in data[:end if end >= 0 else len(data)]:
        # No BOM, no declaration: UTF-8 (tokenize would say so, but
        # importing it costs every start more than decoding).
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            pass                # the compiler says where, below
    import tokenize

    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        return data.decode(encoding)
    except (SyntaxError, UnicodeDecodeError):
        pass
    # Undecodable: CPython's compiler says where and why (the messages are
    # its own).  An unknown or conflicting declaration it places on line 0;
    # the place is the declaration's line.
    try:
        compile(data, filename, "exec", dont_inherit=True)
    except SyntaxError as e:
        if not e.lineno:
            e.lineno, e.offset = declaration_line(data), 1
        e.filename = filename
        raise
    raise AssertionError(f"{filename}: CPython compiles what its tokenizer cannot decode")


def declaration_line(data: bytes) -> int:
    """The line of a PEP 263 declaration (1 or 2; 1 when there is none)."""
    first, _, rest = data.partition(b"\n")
    return 2 if b"coding" not in first and b"coding" in rest.partition(b"\n")[0] else 1


def check_no_nul(source: str, filename: str) -> None:
    """CPython refuses a source file with a NUL character (on its line); its
    compile() of a string says so without a position, so find it here."""
    at = source.find("\0")
    if at >= 0:
        line, col = _position(source, at)
        raise SyntaxError("source code cannot contain null bytes", (filename, line, col, None))


def _position(text, index):
    """1-based line and column of [text][index] (bytes or str)."""
    newline = b"\n" if isinstance(text, bytes) else "\n"
    start = text.rfind(newline, 0, index) + 1
    return text.count(newline, 0, index) + 1, index - start + 1
