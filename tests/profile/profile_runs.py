"""Test helpers: random "runs" (what a VM would report to the writer), a
function that writes one with the real ProfileWriter, and a pure-Python model
of what reading the file back must give."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from hypothesis import strategies as st

from vmsample.profile import format as F
from vmsample.profile.model import Outcome

FUNCS = st.sampled_from(["<module>", "f", "g", "loop", "make:list", "ünïcode", "x" * 40])
FILES = st.sampled_from(["prog.py", "lib/util.py", "/abs/path with space.py", "C:\\win.py"])


@dataclass
class Run:
    codes: dict[int, tuple[str, int, str]]          # id -> (function, first_line, file)
    types: dict[int, str]
    events: list[tuple]                             # see write_run
    alloc_period: int | None = 4096
    time_period_ns: int | None = None
    extra_meta: dict[str, str] = field(default_factory=dict)
    sampling: str = "random"       # the writer's default


def crossings(ev):
    """An alloc event's sample points: its optional 7th element, else 1."""
    return ev[6] if len(ev) > 6 else 1


def deaths_at(t, old):
    """The survivors a major collection entering SWEEPING at [t] reports dead
    (a deterministic choice, made the same way by write_run and expected)."""
    rng = random.Random(t)
    return [s for s in old if rng.random() < 0.5]


def model_weights(run, size, n_records):
    """(bytes, objects) per sample record: docs/format.md "Weights", computed
    here from the definition (pow, not the reader's expm1/log1p)."""
    period = run.alloc_period or 0
    if run.sampling != "random" or not period or size <= 0:
        return period, (period / size if size > 0 else 0.0)
    p = 1.0 - (1.0 - 1.0 / period) ** size
    return round(size / p / n_records), 1.0 / p / n_records


@st.composite
def stacks(draw, code_ids, max_depth=8):
    depth = draw(st.integers(0, max_depth))
    return [(draw(st.sampled_from(code_ids)), draw(st.integers(0, 5000))) for _ in range(depth)]


@st.composite
def runs(draw, max_events=30):
    n_codes = draw(st.integers(1, 6))
    codes = {2 * (i + 1): (draw(FUNCS), draw(st.integers(0, 999)), draw(FILES)) for i in range(n_codes)}
    ids = list(codes)
    types = {tid: draw(st.sampled_from(["list", "dict", "str", "Node", "tuple"])) + str(tid)
             for tid in draw(st.sets(st.integers(1, 300), max_size=5))}
    type_ids = sorted(types) + [0, 999]
    event = st.one_of(
        st.tuples(st.just("alloc"), st.sampled_from([16, 24, 4096, 1 << 20]),
                  st.sampled_from(type_ids), stacks(ids), st.integers(0, 3), st.booleans(),
                  st.integers(1, 3)),
        st.tuples(st.just("time"), stacks(ids), st.integers(0, 3)),
        # (minor, outcome bits' seed, gc state[, major ns of the pause it is the start of])
        st.tuples(st.just("minor"), st.binary(min_size=8, max_size=8), st.integers(0, 3),
                  st.none() | st.integers(0, 10**9)),
        st.tuples(st.just("major"), st.integers(0, 3)),
    )
    events = draw(st.lists(event, max_size=max_events))
    alloc_period = draw(st.sampled_from([None, 512, 4096]))
    time_period = draw(st.sampled_from([None, 1_000_000]))
    return Run(codes, types, events, alloc_period, time_period,
               sampling=draw(st.sampled_from(["fixed", "random"])))


def write_run(writer, run: Run):
    """Drive [writer] through [run]; returns the expected model (see expected())."""
    for cid, (func, line, file) in run.codes.items():
        writer.declare_code(cid, func, line, file)
    for tid, name in run.types.items():
        writer.type_name(tid, name)
    for k, v in run.extra_meta.items():
        writer.meta(k, v)
    t = 1_000_000
    seq = 0
    pending = []        # seqs since the last minor collection
    old = []            # seqs that survived and were not reported dead
    minor_index = major_index = 0
    for ev in run.events:
        t += 1000
        if ev[0] == "alloc":
            _, size, tid, stack, thread, large = ev[:6]
            for crossing in range(crossings(ev)):
                writer.alloc_sample(seq, size, tid, t, stack, thread, large, crossing)
                pending.append((seq, large))
                seq += 1
        elif ev[0] == "time":
            _, stack, thread = ev
            writer.time_sample(t, stack, thread)
        elif ev[0] == "minor":
            _, bits, state = ev[:3]
            minor_index += 1
            rng = random.Random(bits)
            outcomes = bytes(rng.getrandbits(1) | (2 if large else 0) for _, large in pending)
            first = pending[0][0] if pending else seq
            writer.minor_collection(minor_index, t, 100, 64 * len(pending), 1 << 20, 12345 + t,
                                    4096, state, first, outcomes)
            if pause_major(ev) is not None:
                writer.pause(minor_index, t, 100 + pause_major(ev), pause_major(ev))
            old += [s for (s, _), o in zip(pending, outcomes) if o & 1]
            pending = []
        elif ev[0] == "major":
            _, state = ev
            if state == 1:
                major_index += 1
            dead = deaths_at(t, old) if state == 2 else []
            old = [s for s in old if s not in dead]
            writer.major_event(max(major_index, 1), state, t, 777, 1 << 20, dead)


def pause_major(ev):
    """The major part of the pause a "minor" event starts (None: not a pause)."""
    return ev[3] if len(ev) > 3 else None


def expected(run: Run):
    """What read_profile must report for a run written by write_run."""
    t = 1_000_000
    seq = 0
    alloc, times, minors, majors, pending, pauses = [], [], [], [], [], []
    outcome_of, minor_time, death_of, old = {}, {}, {}, []
    minor_index = major_index = 0
    for ev in run.events:
        t += 1000
        if ev[0] == "alloc":
            _, size, tid, stack, thread, large = ev[:6]
            weight, objects = model_weights(run, size, crossings(ev))
            for _ in range(crossings(ev)):
                alloc.append(dict(seq=seq, time_ns=t, thread_id=thread, type_id=tid,
                                  type_name=run.types.get(tid, f"<type {tid}>"), size=size, large=large,
                                  weight=weight, objects=objects, stack=stack))
                pending.append((seq, large))
                seq += 1
        elif ev[0] == "time":
            _, stack, thread = ev
            times.append(dict(time_ns=t, thread_id=thread, stack=stack,
                              weight=run.time_period_ns or 0))
        elif ev[0] == "minor":
            _, bits, state = ev[:3]
            minor_index += 1
            if pause_major(ev) is not None:
                pauses.append((minor_index, t, 100 + pause_major(ev), pause_major(ev)))
            rng = random.Random(bits)
            outs = bytes(rng.getrandbits(1) | (2 if large else 0) for _, large in pending)
            for (s, _), o in zip(pending, outs):
                outcome_of[s] = Outcome.SURVIVED if o & 1 else Outcome.DIED
                minor_time[s] = t
                if o & 1:
                    old.append(s)
            minors.append(dict(index=minor_index, time_ns=t, duration_ns=100,
                               bytes_copied=64 * len(pending), total_size_of_arenas=1 << 20,
                               total_memory_used=12345 + t, vmrss=4096,
                               gc_state=F.GC_STATES[state], outcomes=outs))
            pending = []
        elif ev[0] == "major":
            _, state = ev
            if state == 1:
                major_index += 1
            if state == 2:
                dead = deaths_at(t, old)
                death_of.update(dict.fromkeys(dead, (max(major_index, 1), t)))
                old = [s for s in old if s not in dead]
            majors.append((max(major_index, 1), F.GC_STATES[state], t))
    for a in alloc:
        a["outcome"] = outcome_of.get(a["seq"], Outcome.UNKNOWN)
        a["died_major"], a["death_ns"] = death_of.get(a["seq"], (None, None))
        if a["outcome"] == Outcome.DIED:
            a["death_ns"] = minor_time[a["seq"]]
    return dict(alloc=alloc, time=times, minor=minors, major=majors, pauses=pauses)


def frames_of(profile, stack_index, lines=True):
    """A stack as [(code_id, line)], leaf first, like the writer's input."""
    return [(f.code.id, f.line) for f in profile.stack_frames(stack_index)]


def writer_stack(run: Run, stack, lines=True):
    """The stack the reader must return for writer input [stack]."""
    if lines:
        return [(cid, line) for cid, line in stack]
    return [(cid, run.codes[cid][1]) for cid, _ in stack]


def check_profile(profile, run: Run, lines=True):
    """Assert that [profile] is exactly what [run] should read back as."""
    exp = expected(run)
    got_alloc = [dict(seq=s.seq, time_ns=s.time_ns, thread_id=s.thread_id, type_id=s.type_id,
                      type_name=s.type_name, size=s.size, large=s.large, weight=s.weight,
                      objects=s.objects, stack=frames_of(profile, s.stack), outcome=s.outcome,
                      died_major=s.died_major, death_ns=s.death_ns)
                 for s in profile.alloc_samples]
    for e, g in zip(exp["alloc"], got_alloc):
        e["stack"] = writer_stack(run, e["stack"], lines)
        assert math.isclose(g["objects"], e["objects"], rel_tol=1e-9)
        e["objects"] = g["objects"]
    assert got_alloc == exp["alloc"]
    got_time = [dict(time_ns=s.time_ns, thread_id=s.thread_id, stack=frames_of(profile, s.stack),
                     weight=s.weight) for s in profile.time_samples]
    for e in exp["time"]:
        e["stack"] = writer_stack(run, e["stack"], lines)
    assert got_time == exp["time"]
    got_minor = [dict(index=m.index, time_ns=m.time_ns, duration_ns=m.duration_ns,
                      bytes_copied=m.bytes_copied, total_size_of_arenas=m.total_size_of_arenas,
                      total_memory_used=m.total_memory_used, vmrss=m.vmrss, gc_state=m.gc_state,
                      outcomes=m.outcomes) for m in profile.minor_collections]
    assert got_minor == exp["minor"]
    assert [(e.index, e.state, e.time_ns) for e in profile.major_events] == exp["major"]
    assert [(p.minor_index, p.time_ns, p.duration_ns, p.major_ns) for p in profile.pauses] == exp["pauses"]
    for cid, (func, line, file) in run.codes.items():     # every declared code is in the file
        code = profile.codes[cid]
        assert (code.function, code.first_line, code.file) == (func.replace(":", ";"), line, file)
    assert profile.types == run.types
    assert profile.meta.sample_kind == ("alloc" if run.alloc_period else "time")
    assert profile.meta.alloc_period == run.alloc_period
    for k, v in run.extra_meta.items():
        assert profile.meta.raw[k] == v
