"""`vmsample.report.analyze` against profiles whose contents are known:
fixed expectations on one profile, and a pure-Python model of every table
on random ones (the model reads the synthetic events, not the file)."""

from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from synth import DIED, SURVIVED, Synth, parse_frame

from vmsample import read_profile
from vmsample.profile.model import Outcome
from vmsample.report import Site, analyze

PERIOD = 4096


def test_known_profile(known):
    a = analyze(read_profile(known))
    s = a.summary
    assert (s.alloc_samples, s.time_samples) == (101, 30)
    assert s.total.bytes == 101 * PERIOD
    assert s.total.died_young == pytest.approx(0.7)
    assert s.total.unknown == PERIOD                       # the str after the last minor collection
    assert (s.minor_collections, s.major_collections) == (10, 1)
    assert s.peak_heap == max(m.total_memory_used for m in read_profile(known).minor_collections)

    top = a.self_sites[0]
    assert top.site == Site("temp", "prog.py", 12)
    assert top.tally.bytes == 70 * PERIOD and top.tally.died_young == 1.0
    assert [r.site for r in a.self_sites] == [Site("temp", "prog.py", 12), Site("make_tree", "prog.py", 5),
                                              Site("temp", "prog.py", 13)]
    assert a.self_sites[1].tally.died_young == 0.0
    assert a.self_sites[2].tally.died_young is None

    cumulative = {r.site: r.tally.bytes for r in a.cumulative_sites}
    assert cumulative[Site("<module>", "prog.py", 1)] == 101 * PERIOD
    assert cumulative[Site("main", "prog.py", 22)] == 70 * PERIOD
    # Functions merge lines: temp allocates at lines 12 and 13.
    functions = {r.site: r.tally.bytes for r in a.self_functions}
    assert functions == {Site("temp", "prog.py", 11): 71 * PERIOD, Site("make_tree", "prog.py", 4): 30 * PERIOD}
    assert a.cumulative_functions[0].site == Site("<module>", "prog.py", 1)
    assert a.cumulative_functions[1].site == Site("main", "prog.py", 18)

    types = {r.name: r for r in a.types}
    assert [r.name for r in a.types] == ["list", "Node", "str"]
    assert types["Node"].tally.survival == 1.0 and types["list"].tally.survival == 0.0
    assert types["str"].tally.survival is None
    # Each sample of an object of size s stands for PERIOD / s objects.
    assert types["list"].tally.objects == pytest.approx(70 * PERIOD / 64)
    assert types["list"].average_size == pytest.approx(64)
    assert types["list"].top_sites[0].site == Site("temp", "prog.py", 12)

    g = a.gc
    assert g.minor_collections == 10 and g.minor_time_ns == 10 * 50_000
    assert g.bytes_copied == 10 * 3 * 48
    assert g.major_collections == 1 and g.major_unfinished == 0
    assert set(g.major_phase_ns) == {"MARKING", "SWEEPING", "FINALIZING"}

    t = a.time
    assert t.samples == 30 and t.period_ns == 1_000_000
    assert t.self_functions[0].site.function == "temp" and t.self_functions[0].share == pytest.approx(2 / 3)
    assert t.cumulative_functions[0].share == 1.0


def test_json_is_the_same_data(known):
    a = analyze(read_profile(known))
    j = a.to_json(by="site", limit=2)
    assert len(j["self"]) == 2 and j["self"][0]["function"] == "temp"
    assert j["self"][0]["share"] == pytest.approx(70 / 101)
    assert j["summary"]["estimated_bytes"] == 101 * PERIOD
    assert [t["type"] for t in j["types"]] == ["list", "Node"]
    assert "self" not in a.to_json(by="type")
    assert a.to_json(by="function")["self"][0]["line"] == 11


def test_profiles_without_allocations_or_time(time_only, empty):
    a = analyze(read_profile(time_only))
    assert a.summary.total.bytes == 0 and not a.self_sites and not a.types
    assert a.time.self_functions[0].site.function == "temp" and a.time.samples == 20
    e = analyze(read_profile(empty))
    assert e.time is None and e.summary.alloc_samples == 0 and e.summary.total.died_young is None


# ---------------------------------------------------------------- model test

FUNCS = {"<module>": ("prog.py", 1), "main": ("prog.py", 10), "f": ("lib/f.py", 3),
         "g": ("lib/g.py", 7), "f2": ("lib/f.py", 30)}
frames = st.builds(lambda name, line: f"{name}@{FUNCS[name][0]}:{line}",
                   st.sampled_from(sorted(FUNCS)), st.integers(1, 4))
events = st.lists(st.one_of(
    st.tuples(st.just("alloc"), st.lists(frames, max_size=5), st.sampled_from([1, 2, 3]),
              st.sampled_from([16, 48, 1000, 9000]), st.sampled_from([DIED, SURVIVED])),
    st.tuples(st.just("time"), st.lists(frames, max_size=5)),
    st.tuples(st.just("minor")),
), max_size=40)


def model(evs):
    """Expected tables, straight from the events."""
    site_self, site_cum = defaultdict(lambda: [0, 0, 0]), defaultdict(lambda: [0, 0, 0])
    func_self, func_cum = defaultdict(lambda: [0, 0, 0]), defaultdict(lambda: [0, 0, 0])
    types = defaultdict(lambda: [0, 0, 0])
    time_self = defaultdict(int)
    pending, resolved = [], []
    for ev in evs:
        if ev[0] == "alloc":
            pending.append(ev)
        elif ev[0] == "minor":
            resolved += [(e, e[4]) for e in pending]
            pending = []
        else:
            leaf = parse_frame(ev[1][-1]) if ev[1] else None
            time_self[(leaf[0], leaf[1], FUNCS[leaf[0]][1]) if leaf else ("<no stack>", "", 0)] += 1
    resolved += [(e, Outcome.UNKNOWN) for e in pending]

    def add(table, key, fate):
        row = table[key]
        row[0] += PERIOD
        row[1] += PERIOD if fate == Outcome.DIED else 0
        row[2] += PERIOD if fate == Outcome.SURVIVED else 0

    for (_, stack, type_id, size, _), fate in resolved:
        sites = [parse_frame(f) for f in stack]
        funcs = [(f, file, FUNCS[f][1]) for f, file, _ in sites]
        if not sites:
            sites = funcs = [("<no stack>", "", 0)]
        add(site_self, sites[-1], fate)
        add(func_self, funcs[-1], fate)
        for k in set(sites):
            add(site_cum, k, fate)
        for k in set(funcs):
            add(func_cum, k, fate)
        add(types, type_id, fate)
    return site_self, site_cum, func_self, func_cum, types, time_self


def table_of(rows):
    return {(r.site.function, r.site.file, r.site.line): [r.tally.bytes, r.tally.died, r.tally.survived]
            for r in rows}


@settings(max_examples=40)
@given(evs=events)
def test_analysis_matches_the_model(tmp_path_factory, evs):
    s = Synth(first_lines={name: line for name, (_, line) in FUNCS.items()})
    for ev in evs:
        if ev[0] == "alloc":
            s.alloc(ev[1], type_id=ev[2], size=ev[3], fate=ev[4])
        elif ev[0] == "time":
            s.time(ev[1])
        else:
            s.minor()
    path = s.write(tmp_path_factory.mktemp("model") / "m.prof")
    a = analyze(read_profile(path))
    site_self, site_cum, func_self, func_cum, types, time_self = model(evs)
    assert table_of(a.self_sites) == dict(site_self)
    assert table_of(a.cumulative_sites) == dict(site_cum)
    assert table_of(a.self_functions) == dict(func_self)
    assert table_of(a.cumulative_functions) == dict(func_cum)
    assert {r.type_id: [r.tally.bytes, r.tally.died, r.tally.survived] for r in a.types} == dict(types)
    for rows in (a.self_sites, a.cumulative_sites, a.types):
        assert [r.tally.bytes for r in rows] == sorted((r.tally.bytes for r in rows), reverse=True)
    assert sum(r.tally.bytes for r in a.self_sites) == a.summary.total.bytes
    got_time = {(r.site.function, r.site.file, r.site.line): r.samples for r in a.time.self_functions} if a.time else {}
    assert got_time == dict(time_self)


@pytest.mark.parametrize("options, suffix", [({"layout": "pypy"}, ".prof"), ({"version": 7}, ".prof.gz")])
def test_every_layout_gives_the_same_functions_and_types(tmp_path, known, options, suffix):
    from conftest import known_synth

    base = analyze(read_profile(known))
    other = analyze(read_profile(known_synth().write(tmp_path / f"other{suffix}", **options)))

    def tables(a):
        return ({r.site: r.tally.bytes for r in a.cumulative_functions},
                {r.name: (r.tally.bytes, r.tally.died, r.tally.survived) for r in a.types},
                a.summary.minor_collections, a.time.samples)

    assert tables(other) == tables(base)
