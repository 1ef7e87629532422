"""A stand-in, on CPython, for the two weak-reference primitives of the VM's
`_vm` module that vmsample/lang/lib/_weakref.py is built on
(vmsample/lang/vm/weakrefs.pxi).  On the VM a weakref target object is the
nursery core's weak reference, cleared when its target dies; here it holds
its target strongly, so references never die on CPython (the tests that need
one to die are listed in known_failures.toml and run on the VM:
`python -m vmsample.bench cpython-tests --modules test_weakref,test_weakset`).
"""


def weak_new(target, owner):
    return [target]


def weak_get(cell):
    return cell[0]
