"""Pure-Python models of the nursery core, for differential tests.

[SampleStream] is docs/design.md §2.3 written as plainly as possible: one virtual byte
stream per enabled epoch, sample points P_0 = s0, P_k = P_{k-1} + g_k, and an
allocation of stream bytes [a, b) takes every point with a <= P < b.  Nothing
here knows about nurseries, limits or collections -- which is the point: the
real heap must agree with it whatever those do.

[Xoshiro] replays the core's random numbers (splitmix64-seeded xoshiro256**,
Lemire's bounded draw, geometric gaps), so random mode can be checked exactly.
"""

import math
import os


def examples(n):
    """Hypothesis example count: [n] normally, 20 times more under
    HYPOTHESIS_PROFILE=thorough (explicit settings would override the profile)."""
    return n * 20 if os.environ.get("HYPOTHESIS_PROFILE") == "thorough" else n

MASK = (1 << 64) - 1


def splitmix64(state):
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & MASK


class Xoshiro:
    def __init__(self, seed):
        state = seed & MASK
        self.s = []
        for _ in range(4):
            state, z = splitmix64(state)
            self.s.append(z)

    def next(self):
        s = self.s
        result = (rotl((s[1] * 5) & MASK, 7) * 9) & MASK
        t = (s[1] << 17) & MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result

    def below(self, n):
        return (self.next() * n) >> 64

    def unit(self):
        return float((self.next() >> 11) + 1) * (1.0 / 9007199254740992.0)

    def geometric(self, period):
        if period == 1:
            return 1
        g = 1.0 + math.floor(math.log(self.unit()) / math.log1p(-1.0 / period))
        return min(int(g), 1 << 62)


class SampleStream:
    """The sample points of one Nursery across enable/disable epochs."""

    def __init__(self):
        self.mode = None
        self.samples = 0

    def enable(self, period, mode="fixed", first_offset=None, seed=0):
        self.mode, self.period, self.pos = mode, period, 0
        self.rng = Xoshiro(seed)
        if first_offset is not None:
            self.point = first_offset
        elif mode == "fixed":
            self.point = self.rng.below(period)
        else:
            self.point = self.rng.geometric(period)

    def disable(self):
        self.mode = None

    def gap(self):
        return self.period if self.mode == "fixed" else self.rng.geometric(self.period)

    def allocate(self, size):
        """Advance by one allocation of [size] bytes; returns the samples it takes."""
        if self.mode is None:
            return 0
        end = self.pos + size
        n = 0
        while self.point < end:
            n += 1
            self.point += self.gap()
        self.pos = end
        self.samples += n
        return n


def fixed_count(total, period, first_offset):
    """Closed form for mode "fixed": points s0 + k*period below [total]."""
    return 0 if total <= first_offset else (total - 1 - first_offset) // period + 1


def closure(edges, start):
    """The ids reachable from [start] through [edges] ({id: [ids or None]})."""
    seen, todo = set(), list(start)
    while todo:
        oid = todo.pop()
        if oid not in seen:
            seen.add(oid)
            todo.extend(t for t in edges.get(oid, ()) if t is not None)
    return seen


class Finalization:
    """vmsample/core/finalizers.pxi's finalization order, written plainly, for
    a collection that judges every object: a minor collection of a heap that
    is all young, or a major collection of one that is all old.

    [edges]: {id: [ids it references strongly]}; registrations: [weak]
    {weakref id: (target id, notify, track_resurrection)}, [finalizers] {ids},
    [notices] [(id, word)]; [queued]: the objects queued and not taken yet
    (roots until taken)."""

    def __init__(self):
        self.edges, self.weak, self.finalizers, self.notices, self.queued = {}, {}, set(), [], []

    def collect(self, roots):
        """Judge every object; returns (survivors, finalizable, notified weakrefs,
        death-notice words) and forgets the registrations used up."""
        reached = closure(self.edges, list(roots) + self.queued)
        cleared, notified = set(), []
        for w, (t, notify, long) in self.weak.items():           # 1. short references
            if not long and t not in reached:
                cleared.add(w)
                if notify and w in reached:
                    notified.append(w)
        finalizable = self.finalizers - reached                   # 2. resurrection
        reached |= closure(self.edges, finalizable)
        for w, (t, notify, long) in self.weak.items():           # 3. the others follow, or die
            if w not in cleared and w in reached and t not in reached:
                cleared.add(w)
                if notify:
                    notified.append(w)
        words = [word for oid, word in self.notices if oid not in reached]     # 4. notices
        self.weak = {w: r for w, r in self.weak.items() if w in reached and w not in cleared}
        self.finalizers -= finalizable
        self.notices = [(oid, word) for oid, word in self.notices if oid in reached]
        self.queued += list(finalizable) + notified
        self.edges = {oid: e for oid, e in self.edges.items() if oid in reached}
        return reached, finalizable, notified, words
