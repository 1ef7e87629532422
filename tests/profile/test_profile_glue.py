"""vmsample.profile._glue: attach/detach of a writer to a nursery, and the
process's sampling timer.  A stand-in VM (_harness.FakeVM) supplies the one
thing a VM must: a nogil stack walker over a stack set from Python."""

import gc as pygc
import os
import signal
import time

import pytest

from vmsample import Nursery, read_profile
from vmsample.profile import _glue, _harness
from vmsample.profile._writer import ProfileWriter

STACK = [(4, 12), (2, 3)]              # leaf first: f (line 12) called from <module> (line 3)


def writer_for(path, **options):
    # These tests count samples at known offsets: the paper's fixed mode.
    w = ProfileWriter(str(path), **{"sampling": "fixed", **options})
    w.declare_code(2, "<module>", 1, "prog.py")
    w.declare_code(4, "f", 10, "prog.py")
    w.declare_code(6, "never_used", 20, "prog.py")
    return w


def frames(profile, stack):
    return [(f.code.function, f.line) for f in profile.stack_frames(stack)]


def burn_cpu(seconds):
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


def test_attach_streams_samples_and_collections_and_detach_undoes_it(tmp_path):
    nursery = Nursery(nursery_size=4096, keep_gc_log=False)
    node = nursery.register_type("Node", fixed_size=24, ref_offsets=(0,))
    vm = _harness.FakeVM()
    vm.stack = STACK
    w = writer_for(tmp_path / "p.prof", alloc_period=256)
    profiler = vm.attach(nursery, w, first_offset=256)
    assert profiler.attached
    keep = [nursery.alloc(node) for _ in range(500)]           # 16 KB: 62 samples, 3 collections
    late = nursery.register_type("Late", item_size=1)          # named in the file by detach()
    keep.append(nursery.alloc(late, 1000))
    nursery.collect_minor()
    taken, minors = nursery.samples_taken, nursery.stats["minor_collections"]
    profiler.detach()
    assert not profiler.attached
    assert nursery.stats["minor_collections"] == minors + 1    # detach's final collection
    minors += 1
    nursery.alloc(late, 1000)                                  # sampling is off again
    assert nursery.samples_taken == taken
    w.close()

    p = read_profile(tmp_path / "p.prof")
    records = nursery.sample_records()
    assert len(p.alloc_samples) == len(records) == taken > 60
    assert [(s.seq, s.size, s.type_id, s.large) for s in p.alloc_samples] == \
        [(r.seq, r.size, r.type_id, r.large) for r in records]
    assert {tuple(frames(p, s.stack)) for s in p.alloc_samples} == {(("f", 12), ("<module>", 3))}
    assert [s.outcome.name for s in p.alloc_samples] == \
        ["SURVIVED" if r.survived else "DIED" for r in records]
    assert len(p.minor_collections) == minors >= 4
    assert p.types[node] == "Node" and p.types[late] == "Late"
    assert p.meta.alloc_period == 256 and p.meta.alloc_sampling == "fixed"
    assert {c.function for c in p.codes.values()} == {"<module>", "f", "never_used"}
    assert vm.walks == taken
    del keep


def test_the_walker_sees_the_stack_at_each_sample(tmp_path):
    nursery = Nursery(nursery_size=1 << 16)
    blob = nursery.register_type("Blob", item_size=1)
    vm = _harness.FakeVM()
    w = writer_for(tmp_path / "p.prof", alloc_period=1000)
    with vm.attach(nursery, w, first_offset=1):             # sample points at bytes 1, 1001, ...
        vm.stack = [(2, 5)]
        nursery.alloc(blob, 992)                               # 1000 bytes: one sample
        vm.stack = STACK
        nursery.alloc(blob, 2992)                              # 3000 bytes: three samples
    w.close()
    p = read_profile(tmp_path / "p.prof")
    assert [frames(p, s.stack) for s in p.alloc_samples] == \
        [[("<module>", 5)]] + 3 * [[("f", 12), ("<module>", 3)]]


def test_attach_refuses_a_busy_nursery_and_a_closed_writer(tmp_path):
    nursery = Nursery(nursery_size=4096)
    vm = _harness.FakeVM()
    w = writer_for(tmp_path / "a.prof", alloc_period=64)
    with vm.attach(nursery, w):
        with pytest.raises(RuntimeError, match="already in use"):
            _harness.FakeVM().attach(nursery, writer_for(tmp_path / "b.prof", alloc_period=64))
    w.close()
    with pytest.raises(ValueError, match="closed"):
        vm.attach(nursery, w)
    other = Nursery(nursery_size=4096)
    recorder = other._install_test_hooks()          # owns all four hooks while it lives
    with pytest.raises(RuntimeError, match="already in use"):
        vm.attach(other, writer_for(tmp_path / "c.prof", alloc_period=64))
    del recorder
    # A failed attach leaves nothing behind: the nursery takes a profiler again.
    w2 = writer_for(tmp_path / "d.prof", alloc_period=64)
    with vm.attach(nursery, w2):
        pass
    w2.close()


def test_a_dropped_profiler_takes_its_hooks_with_it(tmp_path):
    nursery = Nursery(nursery_size=4096)
    node = nursery.register_type("Node", fixed_size=24)
    vm = _harness.FakeVM()
    w = writer_for(tmp_path / "p.prof", alloc_period=64, time_period_ns=10_000_000)
    vm.attach(nursery, w)
    assert _glue.timer_running()
    vm = None
    pygc.collect()
    assert not _glue.timer_running()
    w.close()                                  # the hooks are gone: nothing writes into it now
    for _ in range(1000):
        nursery.alloc(node)
    nursery.collect_minor()
    # The nursery takes another profiler.
    w2 = writer_for(tmp_path / "q.prof", alloc_period=64)
    with _harness.FakeVM().attach(nursery, w2):
        pass
    w2.close()


def test_time_samples_count_every_timer_expiry(tmp_path):
    nursery = Nursery(nursery_size=4096)
    vm = _harness.FakeVM()
    vm.stack = STACK
    w = writer_for(tmp_path / "t.prof", time_period_ns=1_000_000)
    taken = 0
    with vm.attach(nursery, w):
        while taken < 40:                       # however long 40 expiries take
            burn_cpu(0.005)
            taken += vm.safe_point()
    w.close()
    p = read_profile(tmp_path / "t.prof")
    assert len(p.time_samples) == taken
    assert {s.weight for s in p.time_samples} == {1_000_000}
    assert {tuple(frames(p, s.stack)) for s in p.time_samples} == {(("f", 12), ("<module>", 3))}
    assert p.meta.time_period_ns == 1_000_000


@pytest.mark.parametrize("real_time", [False, True], ids=["cpu", "real"])
def test_one_signal_counts_every_expiry_it_stands_for(real_time):
    # With its signal blocked, the timer expires period after period but one
    # signal stays pending (POSIX queues one per timer; the other expiries
    # are its overruns).  Delivered, it must count them all: a kernel checks
    # CPU-time timers once a tick (4 ms at HZ=250), so at 1 ms every signal
    # stands for several expiries.  Counts, not durations: at least two
    # expiries for the one signal, and never more than the time that passed
    # allows.  (How close samples come to the time: python -m vmsample.bench timer.)
    clock = time.monotonic if real_time else time.process_time
    sig = signal.SIGALRM if real_time else signal.SIGPROF
    start = clock()
    with _glue.SamplingTimer(1_000_000, real_time=real_time) as t:
        signal.pthread_sigmask(signal.SIG_BLOCK, {sig})
        try:
            while clock() - start < 0.02:       # 20 periods
                time.sleep(0.001) if real_time else burn_cpu(0.001)
            assert t.take() == 0                # the handler has not run
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {sig})
        n = t.take()
        elapsed = clock() - start
    assert 2 <= n <= elapsed / 1e-3 + 1


def test_sampling_timer_on_cpu_and_real_time():
    # A CPU-time timer counts CPU time only: sleeping, it expires no more
    # often than the CPU time spent allows; a real-time timer counts
    # wall-clock time: sleeping, it expires more often than the CPU time
    # spent could explain.  Each loop ends only when its timer has counted.
    for real_time in (False, True):
        with _glue.SamplingTimer(1_000_000, real_time=real_time) as t:
            assert t.running and _glue.timer_running()
            cpu = time.process_time()
            time.sleep(0.05)
            n = t.take()
            cpu = time.process_time() - cpu
            if real_time:
                assert n > cpu / 1e-3 + 1
            else:
                assert n <= cpu / 1e-3 + 1
            while n < 20:
                time.sleep(0.001) if real_time else burn_cpu(0.001)
                n += t.take()
        assert not _glue.timer_running()


def test_one_timer_per_process():
    with _glue.SamplingTimer(1_000_000):
        with pytest.raises(RuntimeError, match="already running"):
            _glue.SamplingTimer(1_000_000).start()
    with pytest.raises(ValueError):
        _glue.SamplingTimer(0)


def test_the_timer_restores_the_previous_handler_and_forwards_foreign_signals():
    seen = []
    previous = signal.signal(signal.SIGPROF, lambda sig, frame: seen.append(sig))
    try:
        handler = signal.getsignal(signal.SIGPROF)
        with _glue.SamplingTimer(1_000_000) as t:
            os.kill(os.getpid(), signal.SIGPROF)        # not the timer's: goes to the Python handler
            while not t.take():                         # the timer's own still count
                burn_cpu(0.001)
        assert seen == [signal.SIGPROF]
        assert signal.getsignal(signal.SIGPROF) is handler
        burn_cpu(0.02)
        assert seen == [signal.SIGPROF]                 # the timer's signals stopped with it
    finally:
        signal.signal(signal.SIGPROF, previous)
    # Default disposition: after stop, SIGPROF is the default again (no stray handler).
    with _glue.SamplingTimer(100_000):
        burn_cpu(0.02)
    assert signal.getsignal(signal.SIGPROF) == signal.SIG_DFL
