"""Weak references, finalizers and death notices through the C API, as an
embedder uses them from Cython (docs/embedding.md §16): a module written
here is compiled against the installed .pxd files and drives
gc_weak_register, gc_weak_get, gc_finalizer_register,
gc_death_notice_register, the on_finalization hook and the gc_next_* drains
on the shadow stack's roots.  The behaviour itself is tested through the
Python API (test_weakrefs.py, test_finalizers.py); this checks that the
documented C calls exist, compile without a warning and mean the same."""

import os
import subprocess
import sys

import pytest

from vmsample import Nursery

pytest.importorskip("Cython")

MODULE = r'''
from libc.stdint cimport uint16_t, uint64_t
from vmsample._nursery cimport (
    GCHeap, GCHeader, GC_WEAK_NOTIFY, Nursery, gcref_t, gc_alloc_fixed, gc_alloc_fixed_or_raise,
    gc_collect_major, gc_death_notice_register, gc_finalizer_register, gc_next_cleared_weakref,
    gc_next_death_notice, gc_next_finalizable, gc_pop_root, gc_push_root_or_raise, gc_raise_error,
    gc_set_word, gc_unhook, gc_weak_get, gc_weak_register)

cdef int calls = 0

cdef void finalization_due(void* ctx, GCHeap* h) noexcept nogil:
    (<int*>ctx)[0] += 1

cdef gcref_t top(GCHeap* h):
    return h.shadowstack_top[-1]

def walk(Nursery nursery, int t_node, int t_weak):
    """A target with a finalizer, a weakref object (notified, with a death
    notice) to it; what each step of the target's death shows, as a list."""
    cdef GCHeap* h = nursery.heap
    cdef GCHeader* target
    cdef GCHeader* w
    cdef GCHeader* obj
    cdef uint64_t word
    global calls
    out = []
    h.on_finalization, h.on_finalization_ctx = finalization_due, &calls
    try:
        gc_push_root_or_raise(h, <gcref_t>gc_alloc_fixed_or_raise(h, t_node))
        w = gc_alloc_fixed_or_raise(h, t_weak)          # may collect: the target moves
        target = <GCHeader*>gc_pop_root(h)              # nothing allocates from here ...
        if gc_weak_register(h, w, <gcref_t>target, GC_WEAK_NOTIFY) < 0 \
                or gc_finalizer_register(h, target) < 0 or gc_death_notice_register(h, w, 77) < 0:
            gc_raise_error(h)
        gc_push_root_or_raise(h, <gcref_t>w)            # ... to here: w is a root, the target garbage
        out.append(("registered", gc_weak_get(h, w) == <gcref_t>target, calls))
        gc_collect_major(h)
        w = <GCHeader*>top(h)
        out.append(("collected", gc_weak_get(h, w), calls))
        gc_push_root_or_raise(h, 0)                     # the root slot first, then take
        obj = gc_next_cleared_weakref(h)
        out.append(("cleared", obj == w, gc_next_cleared_weakref(h) == NULL))
        obj = gc_next_finalizable(h)
        h.shadowstack_top[-1] = <gcref_t>obj
        gc_collect_major(h)                             # the finalizer runs: the object is a root
        obj = <GCHeader*>gc_pop_root(h)
        out.append(("finalizable", obj != NULL and obj.tid == t_node, gc_next_finalizable(h) == NULL))
        gc_collect_major(h)                             # the finalizer did not keep it
        w = <GCHeader*>gc_pop_root(h)
        out.append(("freed", gc_next_death_notice(h, &word), calls))
        gc_collect_major(h)
        out.append(("weakref dead", gc_next_death_notice(h, &word), word, gc_next_death_notice(h, &word), calls))
    finally:
        gc_unhook(h, &calls)
    return out

cdef uint16_t t_alloc = 0

cdef void allocate(void* ctx, GCHeap* h) noexcept nogil:
    gc_alloc_fixed(h, t_alloc)

def allocate_in_the_finalization_hook(Nursery nursery, int t_node):
    """Rule 4: the hook must not use the heap."""
    global t_alloc
    cdef GCHeap* h = nursery.heap
    t_alloc = t_node
    h.on_finalization, h.on_finalization_ctx = allocate, NULL
    gc_death_notice_register(h, gc_alloc_fixed_or_raise(h, t_node), 1)
    gc_collect_major(h)

def store_into_the_weak_field(Nursery nursery, int t_weak):
    """Rule 5: the weak field is the core's (this module is compiled with the checks)."""
    cdef GCHeap* h = nursery.heap
    gc_set_word(h, <gcref_t>gc_alloc_fixed_or_raise(h, t_weak), 0, 8)
'''

SETUP = """
import vmsample
from Cython.Build import cythonize
from setuptools import Extension, setup
# VMS_CHECKED: the payload accessors check their slot (rule 5), as without NDEBUG.
ext = Extension("finalization_walk", ["finalization_walk.pyx"], define_macros=[("VMS_CHECKED", "1")])
setup(ext_modules=cythonize([ext], include_path=[vmsample.get_include()],
                            compiler_directives={"language_level": 3}),
      script_args=["build_ext", "--inplace"])
"""


@pytest.fixture(scope="module")
def walk_module(tmp_path_factory):
    root = tmp_path_factory.mktemp("c_api")
    (root / "finalization_walk.pyx").write_text(MODULE)
    proc = subprocess.run([sys.executable, "-c", SETUP], cwd=root, capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    warnings = [line for line in (proc.stdout + proc.stderr).splitlines() if "warning" in line.lower()]
    assert warnings == [], "\n".join(warnings)
    sys.path.insert(0, str(root))
    try:
        import finalization_walk
        yield finalization_walk
    finally:
        sys.path.remove(str(root))


def types(gc):
    return (gc.register_type("Node", fixed_size=16, ref_offsets=(0,)),
            gc.register_type("Weak", fixed_size=16, ref_offsets=(8,), weak_offset=0))


def test_the_documented_c_calls(walk_module):
    gc = Nursery(nursery_size=4096, debug=True)
    t_node, t_weak = types(gc)
    assert walk_module.walk(gc, t_node, t_weak) == [
        ("registered", True, 0),
        ("collected", 0, 1),            # cleared although the finalizer keeps the target; one call
        ("cleared", True, True),        # the weakref object, notified once
        ("finalizable", True, True),    # the target, resurrected once
        ("freed", False, 1),            # the target dies quietly (it has no death notice)
        ("weakref dead", True, 77, False, 2),
    ]
    gc.check_heap()
    assert gc.stats["weak_references"] == gc.stats["finalizers"] == gc.stats["death_notices"] == 0


def broken_rule(walk_module, call):
    """stderr of a process that makes [call] on a debug heap, which must stop it."""
    script = ("import finalization_walk as m, test_finalization_c_api as t; from vmsample import Nursery; "
              f"gc = Nursery(debug=True); t_node, t_weak = t.types(gc); m.{call}")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONPATH=os.pathsep.join(
                              [os.path.dirname(walk_module.__file__), os.path.dirname(__file__)])))
    assert proc.returncode != 0, proc.stderr
    return proc.stderr


def test_a_payload_accessor_on_the_weak_field_breaks_rule_5(walk_module):
    assert "vmsample: rule broken: payload accessor: payload word 0 of a 'Weak' is its weak field" \
        in broken_rule(walk_module, "store_into_the_weak_field(gc, t_weak)")


def test_the_finalization_hook_must_not_use_the_heap(walk_module):
    assert "vmsample: rule broken: heap used inside a hook: " in (
        err := broken_rule(walk_module, "allocate_in_the_finalization_hook(gc, t_node)")), err
    assert "inside the finalization hook" in err, err
