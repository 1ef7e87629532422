# Checks: a host object used as a context manager (os.scandir's iterator) stays open while the VM's handles to it come and go: a host type's __del__ is CPython's to run when the host object dies, not the VM's when one handle to it does (os.walk listed one entry under a collection).
import gc
import os
import tempfile

with tempfile.TemporaryDirectory() as d:
    for n in range(5):
        open(os.path.join(d, f"f{n}"), "w").close()
    os.mkdir(os.path.join(d, "sub"))
    scandir_it = os.scandir(d)
    with scandir_it:
        gc.collect()
        print(sorted(e.name for e in scandir_it))
    with os.scandir(d) as it:
        gc.collect()
        print(len(list(it)))
    print(sorted((os.path.relpath(p, d), sorted(ds), sorted(fs)) for p, ds, fs in os.walk(d)))
