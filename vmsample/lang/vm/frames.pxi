# vm/frames.pxi, included by _vm.pyx (one extension module, one C file).
#
# Code objects and frames: CodeObj (the C form of a compiler.Code), Frame,
# the fixed root slots R_*, and VMState, the C struct the
# nursery's hooks see.  Design block: 2. Roots, 4. Calls.

# ---------------------------------------------------------------- code, frames

cdef struct InlineCache:
    # One instruction's inline cache (vm/inline_caches.pxi)
    int64_t serial          # LOAD/STORE_ATTR, LOAD_METHOD: the class last seen; 0 is no class
    Py_ssize_t index        # its slot for the name; LOAD_GLOBAL: the name's globals entry;
                            # LOAD_METHOD: the method's entry in the class dict that holds it
    int32_t where           # LOAD_METHOD: that class's place in the MRO;
                            # LOAD_GLOBAL: 1 + the name's builtins entry, 0 for none
    uint32_t nkeys          # LOAD_METHOD: the class's instance keys then (vm/classes.pxi);
                            # LOAD_GLOBAL: the globals' keys version then (vm/dict.pxi)

cdef struct CodeObj:
    int32_t* code           # op, arg per instruction
    InlineCache* caches     # one per instruction, zeroed; NULL until the code first runs (push_frame)
    int ninstr
    int32_t* lines          # line per instruction
    gcref_t* consts         # roots (traced by trace_roots)
    int nconsts
    gcref_t* names          # interned strings (roots)
    int nnames
    int32_t* exc            # start, end, handler, depth per row
    int nexc
    int argcount
    int kwonly
    int posonly             # of the positional parameters, those not passed by keyword
    int flags
    int nlocals
    int nfree
    int maxstack
    int ndefaults
    int index
    int firstlineno
    int globals             # root index of its module's globals dict (vm/modules.pxi)
    int64_t vmprof_id

cdef struct Frame:
    CodeObj* co
    int pc                  # index of the instruction being executed
    int flags
    gcref_t* base           # local slot 0; base[-1] holds the callee
    gcref_t* sp             # saved when this frame calls out
    gcref_t* ret            # the caller's slot that receives the result
    gcref_t frameobj        # its frame object, or 0 (vm/introspection.pxi)
    int raised_pc           # the instruction whose exception the latest handler caught (unwind)
    int hidden              # frames of CO_HIDDEN code at or below this one (vm/recursion.pxi)

cdef enum:
    F_ENTRY = 1             # returning from it returns from the C-level eval_loop
    F_INIT = 2              # an __init__ frame: the result slot already holds the instance
    F_GEN = 4               # a generator frame: base[-1] is the generator

cdef enum:
    ST_RETURN = 0
    ST_YIELD = 1

class VMError(Exception):
    """A VM-level exception crossing C helpers; the VM object is in R_EXC."""

cdef enum:  # fixed root slots
    R_EXC = 0               # the exception being raised
    R_HANDLED = 1           # the exception being handled (sys.exc_info())
    R_GLOBALS = 2           # the main program's globals (each code's: CodeObj.globals)
    R_BUILTINS = 3
    R_TMP = 4               # scratch for helpers that must not push
    R_TMP2 = 5
    R_EMPTY_TUPLE = 6
    R_EMPTY_STR = 7
    N_FIXED_ROOTS = 8

# Everything the nursery's hooks need (they run without the GIL) lives in this
# C struct; the trace_roots hook and the stack walker get a pointer to it.
cdef struct VMState:
    GCHeap* h
    gcref_t* roots              # R_* slots, then classes, modules, host handles...
    int nroots
    int caproots
    gcref_t* interned           # the interned strs, never rewritten (vm/str.pxi)
    int ninterned
    int capinterned
    int interned_old            # interned[:interned_old] are old (vm/profiling.pxi)
    CodeObj** codes
    int ncodes
    int capcodes                # room in codes (grown by doubling, vm/loading.pxi)
    int codes_old               # codes[:codes_old] hold only old objects (vm/profiling.pxi)
    int codes_loading           # load_code calls under way (vm/loading.pxi)
    Frame* frames
    int depth                   # index of the innermost frame; -1 when idle
    int c_depth                 # C-recursive helper steps under way (vm/recursion.pxi)
    int recursion_limit         # sys.setrecursionlimit's
    char* stack_low             # check_c_stack's bound; NULL: unknown
    volatile int tick           # time-sampling timer expiries not yet sampled (_glue's counter),
                                # plus 1 while finalization_due (vm/weakrefs.pxi)
    bint finalization_due       # a collection queued finalizers or cleared weakrefs
    bint reraising              # the exception being raised keeps its traceback
    int countdown               # backward jumps until the next signal check
    ProfGlue* prof              # NULL: not profiling

