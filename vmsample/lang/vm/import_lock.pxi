# vm/import_lock.pxi, included by _vm.pyx (one extension module, one C file).
#
# The import lock between VM threads: importlib._bootstrap's _ModuleLock
# semantics for the VM's own importer (vm/modules.pxi).  Design block: 4.7
# Threads.
#
# INVARIANT: while a thread imports module M -- from before it looks for
# M's file until M's body has ended or failed -- it holds M's lock
# (MODULE_LOCKS[M], reentrant).  Another thread that imports M meanwhile
# waits for the lock, whether M is not in sys.modules yet (it then finds it
# there, or imports it itself if the body failed) or is there half run
# (it then gets the module once the body has ended): no thread ever sees
# another's module half run, and a body runs once.  The owner itself gets
# its half-run module (a circular import in one thread).  Two threads that
# would each wait for a module the other holds (a circular import entered
# from both ends at once) would wait for ever: the one that would close the
# cycle does not wait (CPython's has_deadlock) and gets the half-run module,
# as importlib's _lock_unlock_module does on a _DeadlockError.
#
# Everything here runs under the VM lock, so the locks' fields need no lock
# of their own; only the waits (wait_released, vm/threads.pxi) are made
# without it.  A lock is in MODULE_LOCKS while a thread holds or waits for
# it.  Single-threaded programs take and release locks nobody waits for:
# a dict insert and delete per module loaded.

cdef class ModuleLock:
    cdef size_t owner           # the holder's VMThread address, or 0
    cdef int count              # the holder's nested acquisitions
    cdef int waiters
    cdef LockState state        # locked while held: the waits wait for its release

    def __cinit__(self):
        self.state = LockState()

MODULE_LOCKS = {}   # module name -> its ModuleLock
BLOCKED_ON = {}     # VMThread address -> the ModuleLock that thread waits for

cdef bint module_lock_deadlock(ModuleLock lock, size_t me):
    # Whether [me] waiting for [lock] would close a cycle of waits.
    cdef size_t owner = lock.owner
    seen = set()
    while True:
        blocking = BLOCKED_ON.get(owner)
        if blocking is None:
            return False
        owner = (<ModuleLock>blocking).owner
        if owner == me:
            return True
        if owner in seen:
            return False
        seen.add(owner)

cdef ModuleLock module_lock_acquire(str name):
    # [name]'s lock, held by the running thread once this returns, or None
    # where waiting for it would deadlock (not held).
    cdef size_t me = <size_t>RUNNING
    cdef ModuleLock lock = MODULE_LOCKS.get(name)
    if lock is None:
        lock = MODULE_LOCKS[name] = ModuleLock()
    while lock.owner != 0 and lock.owner != me:
        if module_lock_deadlock(lock, me):
            return None
        BLOCKED_ON[me] = lock
        lock.waiters += 1
        try:
            wait_released(lock.state, -1)
        except BaseException:           # (Ctrl-C in the main thread's wait)
            lock.waiters -= 1
            del BLOCKED_ON[me]
            module_lock_forget(name, lock)
            raise
        lock.waiters -= 1
        del BLOCKED_ON[me]
    lock.owner = me
    lock.count += 1
    lock_set(&lock.state.locked, 1)
    return lock

cdef void module_lock_release(str name, ModuleLock lock) noexcept:
    if lock is None:
        return
    lock.count -= 1
    if lock.count == 0:
        lock.owner = 0
        lock_set(&lock.state.locked, 0)
        module_lock_forget(name, lock)

cdef void module_lock_forget(str name, ModuleLock lock) noexcept:
    # Out of MODULE_LOCKS once nobody holds or waits for it.
    if lock.owner == 0 and lock.waiters == 0 and MODULE_LOCKS.get(name) is lock:
        del MODULE_LOCKS[name]

cdef int wait_module_imported(gcref_t name) except -1:
    # import_module found [name] in sys.modules: if another thread is
    # running its body, wait until it has ended (importlib's
    # _lock_unlock_module).  Only with other threads running.
    cdef ModuleLock lock
    if not MODULE_LOCKS or MAIN_THREAD.next == NULL:
        return 0
    pyname = str_to_py(name)
    lock = MODULE_LOCKS.get(pyname)
    if lock is None or lock.owner == 0 or lock.owner == <size_t>RUNNING:
        return 0
    module_lock_release(pyname, module_lock_acquire(pyname))
    return 0
