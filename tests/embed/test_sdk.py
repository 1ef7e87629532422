"""The SDK of vmsample/_nursery.pxd, from a module built as a third party
builds one (tests/embed/probe): root tables, frames, immediates -- and the
rules of core/rules.pxi, each broken by a probe in a child process, which
the check must stop with a message that names the rule.

A rule's check aborts on a checked heap: vmsample's test build, or a
Nursery with debug on.  Each rule is broken with debug on (it must abort),
and, where the core recovers with the checks off, with debug off on the
release build (it must recover)."""

import signal
import subprocess
import sys

import pytest

from vmsample import Nursery
from vmsample._nursery import CHECKED_BUILD

from differential import clean_env


def test_the_probe_is_checked(sdk_probe):
    assert sdk_probe.checked()


@pytest.mark.parametrize("debug", [False, True])
def test_root_tables_keep_their_objects_and_follow_them(sdk_probe, debug):
    nursery = Nursery(2048, debug=debug)
    got = sdk_probe.root_tables_keep_and_follow(nursery, 50, 3000)
    assert got == [(i, 1000 + i, True) for i in range(50)]
    nursery.check_heap()
    assert nursery.stats["minor_collections"] > 5


def test_frames_restore_the_shadow_stack(sdk_probe):
    nursery = Nursery(4096)
    start, balanced, unwound, depth = sdk_probe.frames_restore_the_shadow_stack(nursery)
    assert (balanced, unwound, depth) == (start + 1, start, 0)


@pytest.mark.parametrize("n", [0, 1, -1, 2**62 - 1, -2**62])
def test_immediates_round_trip(sdk_probe, n):
    is_fix, value, other_is_fix, has_tag, payload, add_ok, fits = sdk_probe.immediates(n, 12345, 4)
    assert (is_fix, value, other_is_fix, has_tag, payload, fits) == (True, n, False, True, 12345, True)
    assert add_ok == (-2**62 <= 2 * n < 2**62)


def broken(probe_dir, call, debug):
    """Run sdk_probe.<call> on a fresh Nursery in a child process."""
    script = (f"import sdk_probe\nfrom vmsample import Nursery\n"
              f"print('returned', sdk_probe.{call.format(nursery=f'Nursery(4096, debug={debug})')})\n")
    return subprocess.run([sys.executable, "-c", script], cwd=probe_dir, capture_output=True,
                          text=True, env=clean_env(PYTHONPATH=str(probe_dir)), timeout=120)


def assert_stopped(proc, rule):
    assert proc.returncode == -signal.SIGABRT, proc.stdout + proc.stderr
    assert f"vmsample: rule broken: {rule}" in proc.stderr or \
        f"rule broken: {rule}" in proc.stderr, proc.stderr


def test_a_missing_write_barrier_is_found(probe_dir):
    proc = broken(probe_dir, "break_missing_barrier({nursery})", debug=True)
    assert_stopped(proc, "missing write barrier")
    assert "gc_write_barrier or gc_set_ref" in proc.stderr


def test_a_missing_write_barrier_is_found_on_a_big_heap(probe_dir):
    # 4 MB of old space over a 4 KiB nursery: the verifier no longer runs
    # after every collection, and the stale slot is still a reference into
    # a nursery buffer at the next walk.
    proc = broken(probe_dir, "break_missing_barrier_on_a_big_heap({nursery}, 4 << 20)", debug=True)
    assert proc.returncode == -signal.SIGABRT, proc.stdout + proc.stderr
    assert "heap verification failed" in proc.stderr, proc.stderr


@pytest.mark.parametrize("debug", [False, True])
def test_an_unbalanced_frame_is_found(probe_dir, debug):
    proc = broken(probe_dir, "break_unbalanced_frame({nursery})", debug)
    if debug or CHECKED_BUILD:
        assert_stopped(proc, "unbalanced gc_frame")
        assert "1 frame(s) entered after it are still open" in proc.stderr
    else:       # the checks off: leaving the outer frame unwinds the inner one
        assert proc.returncode == 0 and "returned 0" in proc.stdout, proc.stderr


@pytest.mark.parametrize("debug", [False, True])
@pytest.mark.parametrize("call, message, recovered", [
    # Left twice: the second leave changes nothing (the outer frame's slot stays).
    ("break_frame_left_twice", "a frame is left twice", (1, 1)),
    # Popped below the base: the popped slots do not come back as roots.
    ("break_frame_popped_below", "popped 2 slot(s) below the base", (0, 0)),
])
def test_a_frame_left_wrong_is_found_or_left_alone(probe_dir, debug, call, message, recovered):
    proc = broken(probe_dir, call + "({nursery})", debug)
    if debug or CHECKED_BUILD:
        assert_stopped(proc, "unbalanced gc_frame")
        assert message in proc.stderr
    else:
        assert proc.returncode == 0 and f"returned {recovered}" in proc.stdout, proc.stderr


def test_a_root_table_freed_while_registered_is_found(probe_dir):
    # Always fatal: the core cannot follow the table list past it.
    for debug in (False, True):
        proc = broken(probe_dir, "break_freed_root_table({nursery})", debug)
        assert_stopped(proc, "root table freed while registered")


@pytest.mark.parametrize("debug", [False, True])
def test_an_allocation_in_a_sample_hook_is_refused(probe_dir, debug):
    proc = broken(probe_dir, "break_allocation_in_a_sample_hook({nursery})", debug)
    if debug or CHECKED_BUILD:
        assert_stopped(proc, "heap used inside a hook: an allocation inside the sample hook")
    else:       # refused: the hook's allocation fails, the heap stays whole
        samples = (10 * 16 - 1) // 64
        assert proc.returncode == 0 and f"returned {samples}" in proc.stdout, proc.stderr


@pytest.mark.parametrize("what, message", [
    ("kind", "payload word 1 of a 'pair' is not a reference slot"),
    ("bounds", "payload word 2 of a 'pair', which has 2"),
])
def test_a_payload_accessor_checks_its_slot(probe_dir, what, message):
    proc = broken(probe_dir, f"break_payload_accessor({{nursery}}, {what!r})", debug=False)
    assert_stopped(proc, "payload accessor")
    assert message in proc.stderr


def test_a_fixnum_that_does_not_fit_is_found(probe_dir):
    proc = broken(probe_dir, f"break_immediate({2**62})", debug=False)
    assert_stopped(proc, "bad immediate")
