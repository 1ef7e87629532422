""""Did you mean" for a name that was not found, as CPython 3.11 prints it
after an uncaught NameError or AttributeError (Python/suggestions.c).

A candidate is suggested when turning one name into the other costs at most
a third of their characters: inserting, deleting or substituting a character
costs 2, changing only its case 1, a common prefix and suffix nothing.  The
nearest candidate wins, the first of equals; none is offered among 750 or
more candidates, or for names longer than 40 bytes (in UTF-8).
"""

from __future__ import annotations

MOVE_COST = 2
CASE_COST = 1
MAX_CANDIDATES = 750
MAX_NAME_BYTES = 40


def _substitution_cost(a: int, b: int) -> int:
    if a == b:
        return 0
    if chr(a).lower() == chr(b).lower() and a < 128 and b < 128:
        return CASE_COST
    return MOVE_COST


def distance(a: bytes, b: bytes, max_cost: int) -> int:
    """The cost of turning [a] into [b], or any value above [max_cost] once
    it is certain to exceed it."""
    start = 0
    while start < len(a) and start < len(b) and a[start] == b[start]:
        start += 1
    a, b = a[start:], b[start:]
    end = 0
    while end < len(a) and end < len(b) and a[-1 - end] == b[-1 - end]:
        end += 1
    if end:
        a, b = a[:-end], b[:-end]
    if not a or not b:
        return (len(a) + len(b)) * MOVE_COST
    if len(a) > MAX_NAME_BYTES or len(b) > MAX_NAME_BYTES:
        return max_cost + 1
    if len(b) < len(a):
        a, b = b, a
    if (len(b) - len(a)) * MOVE_COST > max_cost:
        return max_cost + 1
    # one row of the cost matrix, updated in place: row[i] is the cost of
    # turning a[:i + 1] into the prefix of b seen so far
    row = [MOVE_COST * (i + 1) for i in range(len(a))]
    result = 0
    for j, code in enumerate(b):
        diagonal = result = j * MOVE_COST
        cheapest = None
        for i, other in enumerate(a):
            substitute = diagonal + _substitution_cost(code, other)
            diagonal = row[i]
            result = min(min(result, diagonal) + MOVE_COST, substitute)
            row[i] = result
            cheapest = result if cheapest is None else min(cheapest, result)
        if cheapest > max_cost:
            return max_cost + 1
    return result


def suggestion(name: str, candidates: list[str]) -> str | None:
    """The candidate [name] was most likely meant to be, or None."""
    if len(candidates) >= MAX_CANDIDATES:
        return None
    wanted = name.encode("utf-8", "surrogatepass")
    best, best_cost = None, None
    for item in candidates:
        if not isinstance(item, str) or item == name:
            continue
        encoded = item.encode("utf-8", "surrogatepass")
        max_cost = (len(wanted) + len(encoded) + 3) * MOVE_COST // 6
        if best_cost is not None:
            max_cost = min(max_cost, best_cost - 1)
        cost = distance(wanted, encoded, max_cost)
        if cost <= max_cost and (best is None or cost < best_cost):
            best, best_cost = item, cost
    return best
