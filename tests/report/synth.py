"""Synthetic profiles with known contents, written by the real ProfileWriter.

A [Synth] records what a VM would report (allocation samples with a stack,
type and fate, time samples, minor and major collections) and writes it as
a profile; tests then know exactly what every report must say.  Stacks are
given root first as ``"function@file:line"`` strings.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from vmsample.profile import ProfileWriter
from vmsample.profile.model import Outcome

SURVIVED, DIED = Outcome.SURVIVED, Outcome.DIED


def parse_frame(text):
    function, _, where = text.partition("@")
    file, _, line = where.rpartition(":")
    return function, file or "prog.py", int(line or 1)


@dataclass
class Synth:
    alloc_period: int | None = 4096
    time_period_ns: int | None = None
    types: dict[int, str] = field(default_factory=lambda: {1: "list", 2: "dict", 3: "str", 4: "Node"})
    program: str = "prog.py"
    args: tuple = ()                # the program's arguments (META argv after the program)
    sampling: str = "fixed"         # every sample stands for the period: known totals
    events: list = field(default_factory=list)
    first_lines: dict[str, int] = field(default_factory=dict)

    def alloc(self, stack, type_id=1, size=32, fate=DIED, count=1, large=False, label=None):
        """[label] names the samples for a later major(dies=...)."""
        for _ in range(count):
            self.events.append(("alloc", [parse_frame(f) for f in stack], type_id, size, fate, large, label))

    def time(self, stack, count=1):
        for _ in range(count):
            self.events.append(("time", [parse_frame(f) for f in stack]))

    def minor(self, memory=1 << 20, arenas=2 << 20, rss=8 << 20, duration_ns=50_000, copied=None, pause=None):
        """[pause]: the ns of major work after it, making it a pause (a PAUSE record)."""
        self.events.append(("minor", memory, arenas, rss, duration_ns, copied, pause))

    def major(self, phases=(1, 2, 3, 0), memory=1 << 20, dies=()):
        """[dies]: labels whose (surviving) samples this collection finds dead."""
        self.events.append(("major", phases, memory, set(dies)))

    def write(self, path, step_ns=1_000_000, **options):
        codes: dict[tuple[str, str], int] = {}

        def code_id(function, file, line):
            key = (function, file)
            if key not in codes:
                codes[key] = 2 * (len(codes) + 1)
                first = self.first_lines.get(function, line)
                w.declare_code(codes[key], function, first, file)
            return codes[key]

        with ProfileWriter(path, alloc_period=self.alloc_period, time_period_ns=self.time_period_ns,
                           sampling=self.sampling,
                           program=self.program, argv=[self.program, *self.args], **options) as w:
            for tid, name in self.types.items():
                w.type_name(tid, name)
            t = w.monotonic_ns()
            seq = 0
            pending = []
            labels: dict = {}       # label -> seqs
            minor_index = major_index = 0
            for ev in self.events:
                t += step_ns
                if ev[0] == "alloc":
                    _, frames, type_id, size, fate, large, label = ev
                    stack = [(code_id(*f), f[2]) for f in reversed(frames)]
                    w.alloc_sample(seq, size, type_id, t, stack, 0, large)
                    labels.setdefault(label, []).append(seq)
                    pending.append((seq, fate, size, large))
                    seq += 1
                elif ev[0] == "time":
                    stack = [(code_id(*f), f[2]) for f in reversed(ev[1])]
                    w.time_sample(t, stack)
                elif ev[0] == "minor":
                    _, memory, arenas, rss, duration, copied, pause = ev
                    minor_index += 1
                    outcomes = bytes((1 if fate == SURVIVED else 0) | (2 if large else 0)
                                     for _, fate, _, large in pending)
                    if copied is None:
                        copied = sum(size for _, fate, size, _ in pending if fate == SURVIVED)
                    first = pending[0][0] if pending else seq
                    w.minor_collection(minor_index, t, duration, copied, arenas, memory, rss, 0, first, outcomes)
                    if pause is not None:
                        w.pause(minor_index, t, duration + pause, pause)
                    pending = []
                elif ev[0] == "major":
                    _, phases, memory, dies = ev
                    major_index += 1
                    for state in phases:
                        dead = [s for label in dies for s in labels.get(label, ())] if state == 2 else []
                        w.major_event(major_index, state, t, memory, 2 << 20, dead)
                        t += step_ns
        return path
