"""``_re``: the CPython half of the VM's ``re`` (vmsample/lang/lib/re.py).

Every function takes the pattern as its source string and flags and finds
the compiled pattern in a cache of its own (so that the VM's ``re.purge``
does not depend on CPython's cache size); results are plain values: a match
is a flat tuple ``(lastindex, start0, end0, start1, end1, ...)`` with -1 for
a group that did not take part, which the VM side turns into a Match.
"""

import re

_compiled = {}


def _pattern(pattern, flags):
    key = (pattern, flags)
    p = _compiled.get(key)
    if p is None:
        p = _compiled[key] = re.compile(pattern, flags)
    return p


def _flat(m):
    out = [m.lastindex]
    for g in range(m.re.groups + 1):
        out.extend(m.span(g))
    return tuple(out)


def _error(e):
    # re.error is raised on the VM side, as the VM's own re.error
    return ("error", e.msg, e.pattern, e.pos)


def compile(pattern, flags):
    """("ok", flags, groups, [(name, index), ...], repr) or an error."""
    try:
        p = _pattern(pattern, flags)
    except re.error as e:
        return _error(e)
    return ("ok", p.flags, p.groups, sorted(p.groupindex.items(), key=lambda kv: kv[1]), repr(p))


def match(pattern, flags, string, pos, endpos, mode):
    """The match of search (mode 0), match (1) or fullmatch (2), or None."""
    p = _pattern(pattern, flags)
    how = (p.search, p.match, p.fullmatch)[mode]
    m = how(string, pos, endpos)
    return None if m is None else _flat(m)


def finditer(pattern, flags, string, pos, endpos):
    return [_flat(m) for m in _pattern(pattern, flags).finditer(string, pos, endpos)]


def findall(pattern, flags, string, pos, endpos):
    return _pattern(pattern, flags).findall(string, pos, endpos)


def subn(pattern, flags, repl, string, count):
    """("ok", new string, number of substitutions) for a str replacement
    (its group references are checked here), or an error."""
    try:
        return ("ok",) + _pattern(pattern, flags).subn(repl, string, count)
    except re.error as e:
        return _error(e)


def split(pattern, flags, string, maxsplit):
    return _pattern(pattern, flags).split(string, maxsplit)


def escape(s):
    return re.escape(s)


def purge():
    _compiled.clear()
