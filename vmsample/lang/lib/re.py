"""re for the vmsample VM, delegated to CPython's regular expression engine.

Nobody profiles the inside of a regex engine, and one written for the VM
would only be slower: this module checks its arguments and builds every
object the program sees -- Pattern and Match objects, the strings of groups,
lists, tuples -- in the VM, while ``_re`` (vmsample/lang/delegated/
re_engine.py) runs CPython's ``re`` and hands back plain values (spans,
strings) that the VM copies into the nursery.  So the program's regex results
are profiled like any other allocation; the engine's own work is not.

CPython's API, results and messages for str and bytes patterns: compile,
search, match, fullmatch, findall, finditer, sub, subn, split, escape, purge,
the flags, and Pattern and Match objects.  What differs: the flags are plain
ints (CPython's RegexFlag prints as ``re.IGNORECASE``, these as ``2``;
Pattern's repr names them as CPython does), and Match.expand,
Pattern.scanner and re.template are not provided.
"""

import _re

__all__ = ["match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer",
           "compile", "purge", "escape", "error", "Pattern", "Match", "A", "I", "L", "M", "S",
           "X", "U", "ASCII", "IGNORECASE", "LOCALE", "MULTILINE", "DOTALL", "VERBOSE",
           "UNICODE", "NOFLAG"]

NOFLAG = 0
TEMPLATE = T = 1
IGNORECASE = I = 2
LOCALE = L = 4
MULTILINE = M = 8
DOTALL = S = 16
UNICODE = U = 32
VERBOSE = X = 64
DEBUG = 128
ASCII = A = 256

_MAXCACHE = 512
_MAXREPEAT = 4294967295


class error(Exception):
    """Exception raised for invalid regular expressions (CPython's message,
    position, line and column)."""

    def __init__(self, msg, pattern=None, pos=None):
        self.msg = msg
        self.pattern = pattern
        self.pos = pos
        if pattern is not None and pos is not None:
            newline = "\n" if isinstance(pattern, str) else b"\n"
            msg = "%s at position %d" % (msg, pos)
            self.lineno = pattern.count(newline, 0, pos) + 1
            self.colno = pos - pattern.rfind(newline, 0, pos)
            if newline in pattern:
                msg = "%s (line %d, column %d)" % (msg, self.lineno, self.colno)
        else:
            self.lineno = self.colno = None
        Exception.__init__(self, msg)


def _raise_error(result):
    # result: ("error", msg, pattern, pos) from the engine
    raise error(result[1], result[2], result[3])


def _check_string(string):
    if not isinstance(string, (str, bytes, bytearray)):
        raise TypeError(f"expected string or bytes-like object, got '{type(string).__name__}'")


def _bounds(string, pos, endpos):
    # CPython clamps pos and endpos to the string
    n = len(string)
    if endpos is None or endpos > n:
        endpos = n
    if pos < 0:
        pos = 0
    if endpos < 0:
        endpos = 0
    return pos, endpos


class Pattern:
    """A compiled regular expression: its source, flags, groups and group
    names; matching runs in the engine."""

    def __init__(self, pattern, requested_flags, flags, groups, groupindex, text):
        self.pattern = pattern
        self.flags = flags                      # as compiled: re.UNICODE added for str patterns
        self.groups = groups
        self.groupindex = groupindex
        self._repr = text
        self._requested = requested_flags       # the engine's key

    def __repr__(self):
        return self._repr

    def __eq__(self, other):
        if not isinstance(other, Pattern):
            return NotImplemented
        return self.pattern == other.pattern and self.flags == other.flags

    def __hash__(self):
        return hash((self.pattern, self.flags))

    def _match(self, string, pos, endpos, mode):
        _check_string(string)
        pos, endpos = _bounds(string, pos, endpos)
        regs = _re.match(self.pattern, self._requested, string, pos, endpos, mode)
        if regs is None:
            return None
        return Match(self, string, pos, endpos, regs)

    def search(self, string, pos=0, endpos=None):
        return self._match(string, pos, endpos, 0)

    def match(self, string, pos=0, endpos=None):
        return self._match(string, pos, endpos, 1)

    def fullmatch(self, string, pos=0, endpos=None):
        return self._match(string, pos, endpos, 2)

    def finditer(self, string, pos=0, endpos=None):
        _check_string(string)
        pos, endpos = _bounds(string, pos, endpos)
        found = _re.finditer(self.pattern, self._requested, string, pos, endpos)
        return iter([Match(self, string, pos, endpos, regs) for regs in found])

    def findall(self, string, pos=0, endpos=None):
        _check_string(string)
        pos, endpos = _bounds(string, pos, endpos)
        return _re.findall(self.pattern, self._requested, string, pos, endpos)

    def split(self, string, maxsplit=0):
        _check_string(string)
        return _re.split(self.pattern, self._requested, string, maxsplit)

    def subn(self, repl, string, count=0):
        _check_string(string)
        if isinstance(repl, (str, bytes, bytearray)):
            result = _re.subn(self.pattern, self._requested, repl, string, count)
            if result[0] == "error":
                _raise_error(result)
            return result[1], result[2]
        if not callable(repl):
            hash(repl)          # CPython looks a template up in a cache first
            raise TypeError(f"decoding to str: need a bytes-like object, {type(repl).__name__} found")
        # A function: called with each Match, in the VM, at the matches
        # CPython's sub makes (its finditer's), and the pieces joined as
        # CPython joins them (so a result that is not a str fails the same).
        pieces = []
        done = 0
        n = 0
        for regs in _re.finditer(self.pattern, self._requested, string, 0, len(string)):
            if count and n >= count:
                break
            if regs[1] > done:
                pieces.append(string[done:regs[1]])
            piece = repl(Match(self, string, 0, len(string), regs))
            if piece is not None:
                pieces.append(piece)
            done = regs[2]
            n += 1
        if done < len(string):
            pieces.append(string[done:])
        return ("" if isinstance(string, str) else b"").join(pieces), n

    def sub(self, repl, string, count=0):
        return self.subn(repl, string, count)[0]


class Match:
    """One match: the pattern, the string, and each group's span (-1, -1 for
    a group that did not take part); groups are sliced from the string."""

    def __init__(self, pattern, string, pos, endpos, regs):
        self.re = pattern
        self.string = string
        self.pos = pos
        self.endpos = endpos
        self.lastindex = regs[0]
        self._regs = regs

    def _index(self, group):
        if isinstance(group, int) and not isinstance(group, bool):
            if 0 <= group <= self.re.groups:
                return group
        elif isinstance(group, str) and group in self.re.groupindex:
            return self.re.groupindex[group]
        raise IndexError("no such group")

    def _group(self, index, default=None):
        start = self._regs[2 * index + 1]
        if start < 0:
            return default
        group = self.string[start:self._regs[2 * index + 2]]
        return bytes(group) if isinstance(group, bytearray) else group     # as CPython's

    def group(self, *groups):
        if not groups:
            return self._group(0)
        if len(groups) == 1:
            return self._group(self._index(groups[0]))
        return tuple([self._group(self._index(g)) for g in groups])

    def __getitem__(self, group):
        return self._group(self._index(group))

    def groups(self, default=None):
        return tuple([self._group(i, default) for i in range(1, self.re.groups + 1)])

    def groupdict(self, default=None):
        return {name: self._group(index, default) for name, index in self.re.groupindex.items()}

    def start(self, group=0):
        return self._regs[2 * self._index(group) + 1]

    def end(self, group=0):
        return self._regs[2 * self._index(group) + 2]

    def span(self, group=0):
        i = self._index(group)
        return self._regs[2 * i + 1], self._regs[2 * i + 2]

    @property
    def regs(self):
        return tuple([(self._regs[2 * i + 1], self._regs[2 * i + 2]) for i in range(self.re.groups + 1)])

    @property
    def lastgroup(self):
        for name, index in self.re.groupindex.items():
            if index == self.lastindex:
                return name
        return None

    def __bool__(self):
        return True

    def __repr__(self):
        return f"<re.Match object; span={self.span()!r}, match={repr(self.group())[:50]}>"


_cache = {}


def _compile(pattern, flags):
    key = (type(pattern), pattern, flags)
    if key in _cache:
        return _cache[key]
    if isinstance(pattern, Pattern):
        if flags:
            raise ValueError("cannot process flags argument with a compiled pattern")
        return pattern
    if not isinstance(pattern, (str, bytes)):
        raise TypeError("first argument must be string or compiled pattern")
    if not isinstance(flags, int):
        raise TypeError(f"unsupported operand type(s) for &: '{type(flags).__name__}' and 'int'")
    result = _re.compile(pattern, flags)
    if result[0] == "error":
        _raise_error(result)
    _, compiled_flags, groups, names, text = result
    p = Pattern(pattern, flags, compiled_flags, groups, dict(names), text)
    if not flags & DEBUG:
        if len(_cache) >= _MAXCACHE:
            del _cache[next(iter(_cache))]      # drop the oldest, as CPython's cache
        _cache[key] = p
    return p


def compile(pattern, flags=0):
    return _compile(pattern, flags)


def search(pattern, string, flags=0):
    return _compile(pattern, flags).search(string)


def match(pattern, string, flags=0):
    return _compile(pattern, flags).match(string)


def fullmatch(pattern, string, flags=0):
    return _compile(pattern, flags).fullmatch(string)


def findall(pattern, string, flags=0):
    return _compile(pattern, flags).findall(string)


def finditer(pattern, string, flags=0):
    return _compile(pattern, flags).finditer(string)


def sub(pattern, repl, string, count=0, flags=0):
    return _compile(pattern, flags).sub(repl, string, count)


def subn(pattern, repl, string, count=0, flags=0):
    return _compile(pattern, flags).subn(repl, string, count)


def split(pattern, string, maxsplit=0, flags=0):
    return _compile(pattern, flags).split(string, maxsplit)


def escape(pattern):
    if not isinstance(pattern, (str, bytes, bytearray)):
        raise TypeError(f"decoding to str: need a bytes-like object, {type(pattern).__name__} found")
    return _re.escape(pattern)


def purge():
    _cache.clear()
    _re.purge()
