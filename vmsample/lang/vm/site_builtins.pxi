# vm/site_builtins.pxi, included by _vm.pyx (one extension module, one C file).
#
# The names CPython's site module puts into builtins (exit, quit, help,
# copyright, credits, license), made when first looked up.
#
# CPython makes all six at every start; made so on the VM they would cost
# every run (copyright's _Printer imports os: 1.2 MB of a 0.6 MB start-up),
# while few programs use them.  So each is made when a lookup of its name
# misses in builtins -- a global or builtin name (LOAD_GLOBAL, LOAD_NAME) or
# an attribute of module builtins (getattr, hasattr, from builtins import):
# site_builtin runs app-level site.py (loaded then) to store the object in
# builtins, and the lookup reads it from there.  A name is made at most once
# per run, so after `del builtins.exit` exit is gone, as in CPython.  What
# enumerates builtins (dir(builtins), vars(builtins)) sees only the names
# made so far.  The fast paths never get here: only a miss does.

SITE_NAMES = frozenset(("exit", "quit", "help", "copyright", "credits", "license"))
SITE_MADE = set()          # the names made in this run (cleared by run_program)

cdef bint site_builtin(gcref_t name) except -1:
    # Make builtin [name] if it is one of site's not made yet in this run;
    # true if it was made (the caller looks it up again).
    cdef gcref_t* top = HEAP.shadowstack_top
    if not has_tid(name, T_STR):
        return False
    py_name = str_to_py(name)
    if py_name not in SITE_NAMES or py_name in SITE_MADE:
        return False
    SITE_MADE.add(py_name)
    push(name)
    if "site_builtin" not in APP_ROOTS:
        load_app_module("site")
        HEAP.shadowstack_top = top + 1
    push(app_object("site_builtin"))
    push(top[0])
    vm_call(top + 1, 1)
    HEAP.shadowstack_top = top
    return True
