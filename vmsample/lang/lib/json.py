"""json for the vmsample VM: dumps/loads (and dump/load on file objects), in
Python source so that decoding allocates in the VM's frames (CPython's API,
output and error messages; no JSONEncoder/JSONDecoder subclassing)."""

_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}


class JSONDecodeError(ValueError):
    def __init__(self, msg, doc, pos):
        lineno = doc.count("\n", 0, pos) + 1
        colno = pos - doc.rfind("\n", 0, pos)
        ValueError.__init__(self, f"{msg}: line {lineno} column {colno} (char {pos})")
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = lineno
        self.colno = colno


def _quote(s, ensure_ascii):
    out = ['"']
    for ch in s:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ch < " " or (ensure_ascii and ch > "~"):
            n = ord(ch)
            if n > 0xFFFF:
                n -= 0x10000
                out.append("\\u%04x\\u%04x" % (0xD800 | (n >> 10), 0xDC00 | (n & 0x3FF)))
            else:
                out.append("\\u%04x" % n)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _float_text(x, allow_nan):
    if x != x or x in (float("inf"), float("-inf")):
        if not allow_nan:
            raise ValueError("Out of range float values are not JSON compliant")
        return "NaN" if x != x else ("Infinity" if x > 0 else "-Infinity")
    return repr(x)


def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True,
          cls=None, indent=None, separators=None, default=None, sort_keys=False):
    if isinstance(indent, int):
        indent = " " * indent
    if separators is None:
        separators = (", ", ": ") if indent is None else (",", ": ")
    item_sep, key_sep = separators
    out = []
    active = set() if check_circular else None

    def key_text(k):
        if isinstance(k, str):
            return k
        if k is True:
            return "true"
        if k is False:
            return "false"
        if k is None:
            return "null"
        if isinstance(k, float):
            return _float_text(k, allow_nan)
        if isinstance(k, int):
            return str(k)
        return None

    def enter(o):
        if active is not None:
            if id(o) in active:
                raise ValueError("Circular reference detected")
            active.add(id(o))

    def leave(o):
        if active is not None:
            active.discard(id(o))

    def encode(o, level):
        if isinstance(o, str):
            out.append(_quote(o, ensure_ascii))
        elif o is None:
            out.append("null")
        elif o is True:
            out.append("true")
        elif o is False:
            out.append("false")
        elif isinstance(o, int):
            out.append(str(o))
        elif isinstance(o, float):
            out.append(_float_text(o, allow_nan))
        elif isinstance(o, (list, tuple)):
            if not o:
                out.append("[]")
                return
            enter(o)
            out.append("[")
            inner = None if indent is None else "\n" + indent * (level + 1)
            for i, item in enumerate(o):
                if i:
                    out.append(item_sep)
                if inner is not None:
                    out.append(inner)
                encode(item, level + 1)
            if inner is not None:
                out.append("\n" + indent * level)
            out.append("]")
            leave(o)
        elif isinstance(o, dict):
            if not o:
                out.append("{}")
                return
            enter(o)
            out.append("{")
            inner = None if indent is None else "\n" + indent * (level + 1)
            items = sorted(o.items()) if sort_keys else o.items()
            first = True
            for k, v in items:
                text = key_text(k)
                if text is None:
                    if skipkeys:
                        continue
                    raise TypeError(f"keys must be str, int, float, bool or None, not {type(k).__name__}")
                if not first:
                    out.append(item_sep)
                first = False
                if inner is not None:
                    out.append(inner)
                out.append(_quote(text, ensure_ascii))
                out.append(key_sep)
                encode(v, level + 1)
            if inner is not None:
                out.append("\n" + indent * level)
            out.append("}")
            leave(o)
        elif default is not None:
            enter(o)
            encode(default(o), level)
            leave(o)
        else:
            raise TypeError(f"Object of type {type(o).__name__} is not JSON serializable")

    encode(obj, 0)
    return "".join(out)


def dump(obj, fp, **kwargs):
    fp.write(dumps(obj, **kwargs))


_WHITESPACE = " \t\n\r"
_CONSTANTS = {"NaN": float("nan"), "Infinity": float("inf"), "-Infinity": float("-inf")}
_UNESCAPE = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


class _Parser:
    def __init__(self, doc, object_hook, object_pairs_hook, parse_float, parse_int):
        self.doc = doc
        self.object_hook = object_hook
        self.object_pairs_hook = object_pairs_hook
        self.parse_float = parse_float or float
        self.parse_int = parse_int or int

    def skip(self, i):
        doc = self.doc
        while i < len(doc) and doc[i] in _WHITESPACE:
            i += 1
        return i

    def value(self, i):
        doc = self.doc
        i = self.skip(i)
        if i >= len(doc):
            raise JSONDecodeError("Expecting value", doc, i)
        ch = doc[i]
        if ch == '"':
            return self.string(i + 1)
        if ch == "{":
            return self.object(i + 1)
        if ch == "[":
            return self.array(i + 1)
        for word, v in (("null", None), ("true", True), ("false", False)):
            if doc.startswith(word, i):
                return v, i + len(word)
        for word, v in _CONSTANTS.items():
            if doc.startswith(word, i):
                return v, i + len(word)
        return self.number(i)

    def number(self, i):
        doc = self.doc
        j = i
        if j < len(doc) and doc[j] == "-":
            j += 1
        if j < len(doc) and doc[j] == "0":
            j += 1
        elif j < len(doc) and "1" <= doc[j] <= "9":
            while j < len(doc) and doc[j].isdigit():
                j += 1
        else:
            raise JSONDecodeError("Expecting value", doc, i)
        is_float = False
        if j + 1 < len(doc) and doc[j] == "." and doc[j + 1].isdigit():
            is_float = True
            j += 1
            while j < len(doc) and doc[j].isdigit():
                j += 1
        if j < len(doc) and doc[j] in "eE":
            k = j + 1
            if k < len(doc) and doc[k] in "+-":
                k += 1
            if k < len(doc) and doc[k].isdigit():
                is_float = True
                j = k
                while j < len(doc) and doc[j].isdigit():
                    j += 1
        text = doc[i:j]
        return (self.parse_float(text) if is_float else self.parse_int(text)), j

    def string(self, i):
        doc = self.doc
        start = i - 1
        parts = []
        while True:
            j = i
            while j < len(doc) and doc[j] != '"' and doc[j] != "\\" and doc[j] >= " ":
                j += 1
            parts.append(doc[i:j])
            if j >= len(doc):
                raise JSONDecodeError("Unterminated string starting at", doc, start)
            ch = doc[j]
            if ch == '"':
                return "".join(parts), j + 1
            if ch != "\\":
                raise JSONDecodeError("Invalid control character at", doc, j)
            if j + 1 >= len(doc):
                raise JSONDecodeError("Unterminated string starting at", doc, start)
            esc = doc[j + 1]
            if esc == "u":
                code, i = self.hex4(j + 2, j)
                if 0xD800 <= code <= 0xDBFF and doc.startswith("\\u", i):
                    low, k = self.hex4(i + 2, i)
                    if 0xDC00 <= low <= 0xDFFF:
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        i = k
                parts.append(chr(code))
            elif esc in _UNESCAPE:
                parts.append(_UNESCAPE[esc])
                i = j + 2
            else:
                raise JSONDecodeError("Invalid \\escape", doc, j)

    def hex4(self, i, escape_at):
        text = self.doc[i:i + 4]
        if len(text) != 4 or not all(c in "0123456789abcdefABCDEF" for c in text):
            raise JSONDecodeError("Invalid \\uXXXX escape", self.doc, escape_at + 1)
        return int(text, 16), i + 4

    def array(self, i):
        doc = self.doc
        items = []
        i = self.skip(i)
        if i < len(doc) and doc[i] == "]":
            return items, i + 1
        while True:
            value, i = self.value(i)
            items.append(value)
            i = self.skip(i)
            if i < len(doc) and doc[i] == "]":
                return items, i + 1
            if i >= len(doc) or doc[i] != ",":
                raise JSONDecodeError("Expecting ',' delimiter", doc, i)
            i += 1

    def object(self, i):
        doc = self.doc
        pairs = []
        i = self.skip(i)
        if i < len(doc) and doc[i] == "}":
            return self.finish(pairs), i + 1
        while True:
            i = self.skip(i)
            if i >= len(doc) or doc[i] != '"':
                raise JSONDecodeError("Expecting property name enclosed in double quotes", doc, i)
            key, i = self.string(i + 1)
            i = self.skip(i)
            if i >= len(doc) or doc[i] != ":":
                raise JSONDecodeError("Expecting ':' delimiter", doc, i)
            value, i = self.value(i + 1)
            pairs.append((key, value))
            i = self.skip(i)
            if i < len(doc) and doc[i] == "}":
                return self.finish(pairs), i + 1
            if i >= len(doc) or doc[i] != ",":
                raise JSONDecodeError("Expecting ',' delimiter", doc, i)
            i += 1

    def finish(self, pairs):
        if self.object_pairs_hook is not None:
            return self.object_pairs_hook(pairs)
        d = dict(pairs)
        return d if self.object_hook is None else self.object_hook(d)


def detect_encoding(b):
    # CPython's: a BOM, else where the zero bytes of the first characters are
    if b.startswith((b"\x00\x00\xfe\xff", b"\xff\xfe\x00\x00")):
        return "utf-32"
    if b.startswith((b"\xfe\xff", b"\xff\xfe")):
        return "utf-16"
    if b.startswith(b"\xef\xbb\xbf"):
        return "utf-8-sig"
    if len(b) >= 4:
        if not b[0]:
            return "utf-16-be" if b[1] else "utf-32-be"
        if not b[1]:
            return "utf-16-le" if b[2] or b[3] else "utf-32-le"
    elif len(b) == 2:
        if not b[0]:
            return "utf-16-be"
        if not b[1]:
            return "utf-16-le"
    return "utf-8"


def loads(s, *, cls=None, object_hook=None, parse_float=None, parse_int=None, parse_constant=None,
          object_pairs_hook=None):
    if isinstance(s, (bytes, bytearray)):
        s = s.decode(detect_encoding(s), "surrogatepass")
    if not isinstance(s, str):
        raise TypeError(f"the JSON object must be str, bytes or bytearray, not {type(s).__name__}")
    parser = _Parser(s, object_hook, object_pairs_hook, parse_float, parse_int)
    value, end = parser.value(0)
    end = parser.skip(end)
    if end != len(s):
        raise JSONDecodeError("Extra data", s, end)
    return value


def load(fp, **kwargs):
    return loads(fp.read(), **kwargs)
