"""The live heap (vmsample/report/live.py) against a model of the samples'
lives, on synthetic profiles written by the real writer; and on a real run
whose leak is known."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import defaultdict

from hypothesis import settings, strategies as st
from hypothesis import given

from vmsample.profile.model import Outcome
from vmsample.profile.reader import read_profile
from vmsample.report import analyze
from vmsample.report.live import MIN_MAJORS_FOR_LEAKS, live_heap
from synth import DIED, SURVIVED, Synth

PERIOD = 4096
SITES = ["main@prog.py:3", "main@prog.py:4", "main@prog.py:5"]

# alloc (site index, type id, fate), minor, major (which of the survivors so far die: a bitmask)
events = st.lists(st.one_of(
    st.tuples(st.just("alloc"), st.integers(0, 2), st.sampled_from([1, 2]), st.sampled_from([DIED, SURVIVED])),
    st.tuples(st.just("minor")),
    st.tuples(st.just("major"), st.integers(0, 2**16)),
), max_size=40)


def play(evs):
    """Write the events; return the path's Synth and the model's lives:
    [(site, type, fate, died at major k or None, born before major b)]."""
    s = Synth(alloc_period=PERIOD, sampling="fixed")
    lives, pending, alive, majors = [], [], [], 0
    for ev in evs:
        if ev[0] == "alloc":
            _, site, tid, fate = ev
            label = len(lives)
            lives.append([site, tid, Outcome.UNKNOWN, None, majors])
            pending.append((label, fate))
            s.alloc(["<module>@prog.py:1", SITES[site]], type_id=tid, fate=fate, label=label)
        elif ev[0] == "minor":
            s.minor()
            for label, fate in pending:
                lives[label][2] = fate
                if fate == SURVIVED:
                    alive.append(label)
            pending = []
        else:
            majors += 1
            dies = [label for i, label in enumerate(alive) if ev[1] >> (i % 16) & 1]
            for label in dies:
                lives[label][3] = majors
            alive = [label for label in alive if label not in dies]
            s.major(dies=dies)
    return s, lives, majors


@settings(max_examples=40, deadline=None)
@given(evs=events)
def test_live_heap_matches_the_model(tmp_path_factory, evs):
    s, lives, majors = play(evs)
    profile = read_profile(s.write(tmp_path_factory.mktemp("live") / "l.prof"))
    live = live_heap(profile)
    end_sites, end_types = defaultdict(int), defaultdict(int)
    fates = defaultdict(lambda: [0, 0, 0])
    for site, tid, fate, died, _ in lives:
        if fate == SURVIVED and died is None:
            end_sites[3 + site] += PERIOD
            end_types[tid] += PERIOD
        if fate != Outcome.UNKNOWN:
            fates[3 + site][0 if fate == DIED else 1 if died else 2] += PERIOD
    assert {r.site.line: r.bytes for r in live.end.sites} == dict(end_sites)
    assert {r.name: r.bytes for r in live.end.types} == {s.types[t]: b for t, b in end_types.items()}
    assert live.end.bytes == sum(end_sites.values())
    assert {r.site.line: [r.died_young, r.died_old, r.alive] for r in live.lifetimes} == dict(fates)
    # The peak is the curve's highest point, and its snapshot adds up to it.
    assert live.peak.bytes == max((v for _, v in live.timeline), default=0)
    assert sum(r.bytes for r in live.peak.sites) == live.peak.bytes
    # Leak suspects: live bytes after each major never went down (to the end) and grew across them.
    series = {}
    for line in {3 + site for site, *_ in lives}:
        after = [sum(PERIOD for site, _, fate, died, born in lives if 3 + site == line and fate == SURVIVED
                     and born < k and (died is None or died > k)) for k in range(1, majors + 1)]
        points = after + [end_sites.get(line, 0)]
        if majors >= MIN_MAJORS_FOR_LEAKS and after[-1] > after[0] and \
                all(b >= a for a, b in zip(points, points[1:])):
            series[line] = after
    assert {r.site.line: r.after_majors for r in live.leak_suspects} == series
    # the JSON rows of the report carry the live bytes at the end
    rows = analyze(profile).to_json()["self"]
    assert {r["line"]: r["live_bytes"] for r in rows if r["live_bytes"]} == dict(end_sites)


def test_peak_is_where_the_most_was_live(tmp_path):
    s = Synth(alloc_period=PERIOD, sampling="fixed")
    s.alloc(["main@prog.py:3"], fate=SURVIVED, count=5, label="a")
    s.minor()
    s.major(dies=["a"])                         # the peak (5 samples) was before this
    s.alloc(["main@prog.py:4"], fate=SURVIVED, count=2)
    s.minor()
    live = live_heap(read_profile(s.write(tmp_path / "p.prof")))
    assert live.peak.bytes == 5 * PERIOD and [r.site.line for r in live.peak.sites] == [3]
    assert live.end.bytes == 2 * PERIOD and [r.site.line for r in live.end.sites] == [4]


def test_the_peak_is_timed_from_the_profiles_origin(tmp_path):
    # The live heap's text counts times as every report does, from
    # model.profile_origin_ns: META start, else the earliest event.
    import dataclasses

    from vmsample.profile.model import profile_origin_ns
    from vmsample.report.text import live_layout
    from vmsample.report.units import fmt_duration

    s = Synth(alloc_period=PERIOD, sampling="fixed")
    s.alloc(["main@prog.py:3"], fate=SURVIVED, count=5)
    s.minor()
    s.alloc(["main@prog.py:4"], fate=DIED, count=3)
    s.minor()
    with_start = read_profile(s.write(tmp_path / "p.prof"), merged=True)
    without = dataclasses.replace(with_start, meta=dataclasses.replace(with_start.meta, start_ns=None))
    for profile in (with_start, without):
        live = live_heap(profile)
        origin = profile_origin_ns(profile)
        title = live_layout(analyze(profile), live)[2].title
        assert f"at {fmt_duration(live.peak.time_ns - origin)}" in title, title
    assert profile_origin_ns(without) != profile_origin_ns(with_start)


LEAK = """
import gc
cache = []
def work(i):
    tmp = [j for j in range(50)]
    cache.append([i] * 20)
    return len(tmp)
for round in range(6):
    for i in range(3000):
        work(i)
    gc.collect()
"""


def test_a_leaking_site_is_a_suspect_and_live_at_the_end(tmp_path):
    prog = tmp_path / "leak.py"
    prog.write_text(LEAK)
    out = tmp_path / "leak.prof"
    subprocess.run([sys.executable, "-m", "vmsample", "run", "-o", str(out), "--alloc-period", "4K",
                    "--seed", "3", "--time-period", "off", str(prog)], check=True, capture_output=True)
    r = subprocess.run([sys.executable, "-m", "vmsample", "report", "--live", "--json", str(out)],
                       check=True, capture_output=True, text=True)
    data = json.loads(r.stdout)
    assert data["summary"]["alloc_sampling"] == "random"
    live = data["live"]
    assert [(x["function"], x["line"]) for x in live["leak_suspects"]][:1] == [("work", 6)]
    assert live["end"]["sites"][0]["line"] == 6
    # what died young is the temporary list in work()
    lifetimes = {x["line"]: x for x in live["lifetimes"]}
    assert lifetimes[5]["died_young_bytes"] > 0.9 * (lifetimes[5]["died_young_bytes"] + lifetimes[5]["alive_bytes"]
                                                   + lifetimes[5]["died_old_bytes"])
    text = subprocess.run([sys.executable, "-m", "vmsample", "report", "--live", str(out)],
                          check=True, capture_output=True, text=True).stdout
    assert "Leak suspects" in text and "leak.py:6" in text
