"""The sampler's random numbers against published answers, not against the
model (tests/core/model.py replays the same generator, so a mistake shared
by the core and the model would pass every differential test).

* splitmix64 and xoshiro256** are written here again from their published
  algorithms (Vigna's splitmix64.c and xoshiro256starstar.c) and must give
  the reference implementations' published outputs.
* The core, seen only through which allocations take samples, must then
  place its sample points where docs/design.md §2.3 says those numbers put
  them, exactly; and random mode's gaps must follow the geometric law in
  closed form (a chi-square test against the exact probabilities).
"""

import math

from vmsample import Nursery

MASK = (1 << 64) - 1

# rust-random/rngs, rand_xoshiro/src/splitmix64.rs, test `reference` ("produced
# with the reference implementation http://xoshiro.di.unimi.it/splitmix64.c").
SPLITMIX64_SEED = 1477776061723855037
SPLITMIX64_OUTPUTS = [1985237415132408290, 2979275885539914483, 13511426838097143398,
                      8488337342461049707, 15141737807933549159, 17093170987380407015]
# rust-random/rngs, rand_xoshiro/src/xoshiro256starstar.rs, test `reference`:
# state s = {1, 2, 3, 4}, outputs of Vigna's reference xoshiro256starstar.c.
XOSHIRO_STATE = [1, 2, 3, 4]
XOSHIRO_OUTPUTS = [11520, 0, 1509978240, 1215971899390074240, 1216172134540287360,
                   607988272756665600, 16172922978634559625, 8476171486693032832,
                   10595114339597558777, 2904607092377533576]


def splitmix64(x):
    """Vigna's splitmix64.c: (the new state, the output)."""
    x = (x + 0x9E3779B97F4A7C15) & MASK
    z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return x, z ^ (z >> 31)


def xoshiro256starstar(s):
    """Vigna's xoshiro256starstar.c next(), on the list [s] in place."""
    def rotl(x, k):
        return ((x << k) | (x >> (64 - k))) & MASK
    result = (rotl((s[1] * 5) & MASK, 7) * 9) & MASK
    t = (s[1] << 17) & MASK
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = rotl(s[3], 45)
    return result


def seeded(seed):
    """The generator's state for [seed]: splitmix64's first four outputs (design.md §2.3)."""
    state, x = [], seed & MASK
    for _ in range(4):
        x, z = splitmix64(x)
        state.append(z)
    return state


def test_the_reference_generators_give_the_published_outputs():
    x, outputs = SPLITMIX64_SEED, []
    for _ in SPLITMIX64_OUTPUTS:
        x, z = splitmix64(x)
        outputs.append(z)
    assert outputs == SPLITMIX64_OUTPUTS
    s = list(XOSHIRO_STATE)
    assert [xoshiro256starstar(s) for _ in XOSHIRO_OUTPUTS] == XOSHIRO_OUTPUTS


# ---------------------------------------------------------------- the core, seen through its samples

def small_heap():
    gc = Nursery(nursery_size=64 << 10, large_object_threshold=8 << 10, keep_sample_log=False,
                 keep_gc_log=False)
    small = gc.register_type("Small", fixed_size=8)
    return gc, small, gc.size_of(small)


def samples_per_allocation(gc, tid, n):
    counts = []
    for _ in range(n):
        before = gc.samples_taken
        gc.alloc(tid)
        counts.append(gc.samples_taken - before)
    return counts


def points_per_allocation(points, size, n):
    """How many of [points] each of [n] allocations of [size] bytes, from stream byte 0, takes."""
    counts = [0] * n
    for p in points:
        if p < size * n:
            counts[p // size] += 1
    return counts


def test_fixed_mode_first_point_is_the_first_output_scaled():
    # s0 = (x * period) >> 64 for the first output x (Lemire's bounded draw).
    for seed in range(60):
        gc, small, size = small_heap()
        period = 1600 + 8 * seed
        gc.enable_sampling(period, mode="fixed", seed=seed)
        first = (xoshiro256starstar(seeded(seed)) * period) >> 64
        counts = samples_per_allocation(gc, small, period // size + 2)
        assert counts == points_per_allocation([first, first + period], size, len(counts)), seed


def geometric_gap(x, period):
    """design.md §2.3: a gap from output x: 1 + floor(log(u) / log(1 - 1/period)), u = ((x >> 11) + 1) / 2**53."""
    u = ((x >> 11) + 1) / 2.0**53
    return 1 + math.floor(math.log(u) / math.log1p(-1.0 / period))


def test_random_mode_points_are_the_outputs_geometric_gaps():
    for seed, period in [(0, 64), (1, 100), (2**63 + 5, 1000), (MASK, 37), (SPLITMIX64_SEED, 4096)]:
        gc, small, size = small_heap()
        gc.enable_sampling(period, mode="random", seed=seed)
        n = 40 * period // size + 10              # ~40 points
        s, points, p = seeded(seed), [], 0
        while p < n * size:
            p += geometric_gap(xoshiro256starstar(s), period)     # P_0 = g_0, P_k = P_{k-1} + g_k
            points.append(p)
        assert samples_per_allocation(gc, small, n) == points_per_allocation(points, size, n), seed


# ---------------------------------------------------------------- the geometric law, in closed form

def chi2_sf(x, df):
    """P(X >= x) for chi-square with an even number [df] of degrees of freedom (closed form)."""
    assert df % 2 == 0
    term = total = 1.0
    for i in range(1, df // 2):
        term *= (x / 2) / i
        total += term
    return math.exp(-x / 2) * total


def chi2(observed, probabilities):
    n = sum(observed)
    return sum((o - n * p) ** 2 / (n * p) for o, p in zip(observed, probabilities))


def binned(values, top):
    """Counts of 0, 1, ..., top-1 and of >= top."""
    counts = [0] * (top + 1)
    for v in values:
        counts[min(v, top)] += 1
    return counts


def binomial_bins(n, p, top):
    probs = [math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(top)]
    return probs + [1 - sum(probs)]


def geometric_bins(q, top):
    """P(L = k) = q^k (1 - q): how many allocations in a row take no sample."""
    probs = [q**k * (1 - q) for k in range(top)]
    return probs + [q**top]


def zero_runs(counts):
    runs, run = [], 0
    for c in counts:
        if c:
            runs.append(run)
            run = 0
        else:
            run += 1
    return runs


def test_random_gaps_follow_the_geometric_law():
    # Every byte is a point with probability 1/period, independently
    # (design.md §2.3), so an allocation of s bytes takes Binomial(s, 1/period)
    # samples, and the allocations between two sampled ones are geometric.
    # Exact probabilities, chi-square at p = 1e-6 on a fixed seed (so the test
    # is deterministic).  The same counts must refuse a period off by one (3%
    # off in the mean), or the check would have no power.
    gc, small, size = small_heap()
    period = 32
    gc.enable_sampling(period, mode="random", seed=20261127)
    counts = samples_per_allocation(gc, small, 200_000)
    per_alloc, runs = binned(counts, 4), binned(zero_runs(counts), 8)

    def fits(t):
        p = 1.0 / t
        return (chi2_sf(chi2(per_alloc, binomial_bins(size, p, 4)), 4),
                chi2_sf(chi2(runs, geometric_bins((1 - p) ** size, 8)), 8))

    assert min(fits(period)) > 1e-6, fits(period)
    assert max(fits(period - 1)) < 1e-6 and max(fits(period + 1)) < 1e-6, (fits(period - 1), fits(period + 1))


def test_chi2_sf_closed_form():
    # Known values: chi-square 2 df is exp(-x/2); 4 df at its 5% point 9.4877.
    assert math.isclose(chi2_sf(3.0, 2), math.exp(-1.5))
    assert math.isclose(chi2_sf(9.487729, 4), 0.05, rel_tol=1e-5)
    assert math.isclose(chi2_sf(15.50731, 8), 0.05, rel_tol=1e-5)
