"""minilisp's virtual machine: a bytecode stack machine for a small Scheme
whose heap objects all live in a vmsample Nursery.

It is written the way any VM embeds the nursery core: it `cimport`s
``vmsample._nursery`` for the inline allocation fast path, the write barrier,
the shadow stack and the roots hook, and ``vmsample.profile._glue``, which
profiles it given one function: a stack walker.
"""

from libc.stdint cimport int32_t, int64_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memcmp, memcpy, memmove

from vmsample._nursery cimport (
    GC_HEADER_SIZE, GCHeader, GCHeap, Nursery, gc_alloc_fixed_or_raise, gc_alloc_varsize_or_raise,
    gc_collect_major, gc_is_ref, gc_pop_root, gc_push_root_or_raise, gc_raise_error, gc_visit_root,
    gc_write_barrier, gcref_t)
from vmsample.profile._glue cimport ProfFrame, ProfGlue, Profiler, attach, prof_time_samples
from vmsample.profile._writer cimport ProfileWriter

import sys

from minilisp.reader import Symbol

# ____________________________________________________________________________
# Values
#
# A value is one word, a [gcref_t], so that it can sit in a shadow-stack slot
# or a reference field and the collector can tell pointers from immediates:
#
#     ...xx1   fixnum n, stored as (n << 1) | 1  (63-bit, range [-2**62, 2**62))
#     ...100   symbol number k, stored as (k << 3) | 4
#     ...010   #f, #t, the unspecified value, the unbound marker
#     0        the empty list '()
#     ...000   (nonzero) a heap object: cons, closure, vector or string
#
# Heap layouts (payload offsets in bytes, after the 8-byte header):
#
#     cons     car @0, cdr @8                          (both references)
#     closure  code index @0 (a plain integer), then one reference per
#              captured variable; header.aux = their number
#     vector   one reference per element; header.aux = the length
#     string   the UTF-8 bytes; header.aux = the length in bytes
#
# GC safety, the one rule of this file: a heap pointer held in a C variable is
# dead after anything that may allocate, since a minor collection moves young
# objects and updates only the roots it knows -- the shadow stack, the
# globals and the constants.  So every value that must outlive an allocation
# sits on the shadow stack, and code re-reads it from there afterwards.  The
# operand stack of the machine *is* the shadow stack, which makes that rule
# cheap to follow: primitives take their arguments from stack slots, allocate,
# and only then read the slots.  A freshly allocated object needs no write
# barrier until the next allocation (it is young); storing into any other
# object goes through gc_write_barrier first.

cdef enum:
    NIL = 0
    FALSE_V = 0x02
    TRUE_V = 0x0A
    UNSPEC = 0x12
    UNBOUND = 0x1A
    SYMBOL_TAG = 4

cdef extern from *:
    """
    #define ML_FIX_MIN (-((int64_t)1 << 62))
    #define ML_FIX_MAX (((int64_t)1 << 62) - 1)
    static inline int ml_fits(int64_t r) { return r >= ML_FIX_MIN && r <= ML_FIX_MAX; }
    static inline int ml_add(int64_t a, int64_t b, int64_t *r) { return !__builtin_add_overflow(a, b, r) && ml_fits(*r); }
    static inline int ml_sub(int64_t a, int64_t b, int64_t *r) { return !__builtin_sub_overflow(a, b, r) && ml_fits(*r); }
    static inline int ml_mul(int64_t a, int64_t b, int64_t *r) { return !__builtin_mul_overflow(a, b, r) && ml_fits(*r); }
    /* C division truncates toward zero: Scheme's quotient and remainder. */
    static inline int64_t ml_quotient(int64_t a, int64_t b) { return a / b; }
    static inline int64_t ml_remainder(int64_t a, int64_t b) { return a % b; }
    """
    bint ml_fits(int64_t r) noexcept nogil
    bint ml_add(int64_t a, int64_t b, int64_t* r) noexcept nogil
    bint ml_sub(int64_t a, int64_t b, int64_t* r) noexcept nogil
    bint ml_mul(int64_t a, int64_t b, int64_t* r) noexcept nogil
    int64_t ml_quotient(int64_t a, int64_t b) noexcept nogil
    int64_t ml_remainder(int64_t a, int64_t b) noexcept nogil

FIXNUM_MIN = -(1 << 62)
FIXNUM_MAX = (1 << 62) - 1

cdef inline gcref_t fix(int64_t n) noexcept nogil:
    return <gcref_t>((<uint64_t>n << 1) | 1)

cdef inline int64_t unfix(gcref_t v) noexcept nogil:
    return (<int64_t>v) >> 1

cdef inline bint is_fix(gcref_t v) noexcept nogil:
    return v & 1

cdef inline gcref_t boolean(bint b) noexcept nogil:
    return TRUE_V if b else FALSE_V

cdef inline gcref_t* slots(gcref_t v) noexcept nogil:
    # The payload of heap object [v], as words.
    return <gcref_t*>(<char*>v + GC_HEADER_SIZE)

cdef inline GCHeader* hdr(gcref_t v) noexcept nogil:
    return <GCHeader*>v

# ____________________________________________________________________________
# Bytecode (the compiler imports these numbers as OPCODES / PRIMITIVES)

cdef enum:
    OP_CONST        # push consts[a]
    OP_LOCAL        # push local a
    OP_SETLOCAL     # pop into local a
    OP_FREE         # push captured variable a of the running closure
    OP_SELF         # push the running closure
    OP_GLOBAL       # push global a (error if unbound)
    OP_SETGLOBAL    # pop into global a (error if unbound)
    OP_DEFGLOBAL    # pop into global a
    OP_POP
    OP_JUMP         # to instruction a
    OP_JUMPF        # pop; to instruction a if it is #f
    OP_CLOSURE      # pop codes[a].nfree captured values, push a closure of code a
    OP_CALL         # [f, arg1..argn] -> [result], n = a
    OP_TAILCALL     # the same, replacing the running frame
    OP_RETURN
    OP_PRIM         # primitive a on the top b values -> [result]

OPCODES = {"CONST": OP_CONST, "LOCAL": OP_LOCAL, "SETLOCAL": OP_SETLOCAL, "FREE": OP_FREE,
           "SELF": OP_SELF, "GLOBAL": OP_GLOBAL, "SETGLOBAL": OP_SETGLOBAL,
           "DEFGLOBAL": OP_DEFGLOBAL, "POP": OP_POP, "JUMP": OP_JUMP, "JUMPF": OP_JUMPF,
           "CLOSURE": OP_CLOSURE, "CALL": OP_CALL, "TAILCALL": OP_TAILCALL, "RETURN": OP_RETURN,
           "PRIM": OP_PRIM}

cdef enum:
    P_ADD, P_SUB, P_MUL, P_QUOTIENT, P_REMAINDER, P_MODULO
    P_NUM_EQ, P_LT, P_GT, P_LE, P_GE
    P_CONS, P_CAR, P_CDR, P_SET_CAR, P_SET_CDR, P_LIST, P_LENGTH
    P_NULLP, P_PAIRP, P_NOT, P_EQP, P_EQUALP, P_NUMBERP, P_SYMBOLP, P_PROCEDUREP
    P_VECTOR, P_MAKE_VECTOR, P_VECTOR_REF, P_VECTOR_SET, P_VECTOR_LENGTH, P_VECTORP
    P_STRINGP, P_STRING_LENGTH, P_STRING_APPEND, P_NUMBER_TO_STRING, P_SYMBOL_TO_STRING
    P_STRING_EQ, P_STRING_TO_NUMBER, P_STRING_REF, P_SUBSTRING, P_COMMAND_LINE
    P_DISPLAY, P_NEWLINE, P_ERROR, P_COLLECT

# name -> (primitive, min args, max args or -1)
PRIMITIVES = {
    "+": (P_ADD, 0, -1), "-": (P_SUB, 1, -1), "*": (P_MUL, 0, -1),
    "quotient": (P_QUOTIENT, 2, 2), "remainder": (P_REMAINDER, 2, 2), "modulo": (P_MODULO, 2, 2),
    "=": (P_NUM_EQ, 2, 2), "<": (P_LT, 2, 2), ">": (P_GT, 2, 2), "<=": (P_LE, 2, 2), ">=": (P_GE, 2, 2),
    "cons": (P_CONS, 2, 2), "car": (P_CAR, 1, 1), "cdr": (P_CDR, 1, 1),
    "set-car!": (P_SET_CAR, 2, 2), "set-cdr!": (P_SET_CDR, 2, 2), "list": (P_LIST, 0, -1),
    "length": (P_LENGTH, 1, 1), "null?": (P_NULLP, 1, 1), "pair?": (P_PAIRP, 1, 1),
    "not": (P_NOT, 1, 1), "eq?": (P_EQP, 2, 2), "equal?": (P_EQUALP, 2, 2),
    "number?": (P_NUMBERP, 1, 1), "symbol?": (P_SYMBOLP, 1, 1), "procedure?": (P_PROCEDUREP, 1, 1),
    "vector": (P_VECTOR, 0, -1), "make-vector": (P_MAKE_VECTOR, 1, 2),
    "vector-ref": (P_VECTOR_REF, 2, 2), "vector-set!": (P_VECTOR_SET, 3, 3),
    "vector-length": (P_VECTOR_LENGTH, 1, 1), "vector?": (P_VECTORP, 1, 1),
    "string?": (P_STRINGP, 1, 1), "string-length": (P_STRING_LENGTH, 1, 1),
    "string-append": (P_STRING_APPEND, 0, -1), "number->string": (P_NUMBER_TO_STRING, 1, 1),
    "symbol->string": (P_SYMBOL_TO_STRING, 1, 1), "string=?": (P_STRING_EQ, 2, 2),
    "string->number": (P_STRING_TO_NUMBER, 1, 1), "string-ref": (P_STRING_REF, 2, 2),
    "substring": (P_SUBSTRING, 3, 3), "command-line": (P_COMMAND_LINE, 0, 0),
    "display": (P_DISPLAY, 1, 1), "newline": (P_NEWLINE, 0, 0), "error": (P_ERROR, 1, -1),
    "collect-garbage": (P_COLLECT, 0, 0),
}

# ____________________________________________________________________________
# Machine state (plain C, so that the nursery's hooks can read it)

ctypedef struct Code:
    int32_t* ops            # (op, a, b) per instruction
    int32_t* lines          # source line per instruction
    int32_t nparams
    int32_t nlocals         # parameters included
    int32_t nfree

ctypedef struct Frame:
    int32_t code
    int32_t pc              # the instruction being executed (the walker reports its line)
    gcref_t* base           # local 0 (= argument 0); base[-1] holds the running closure

ctypedef struct VM:
    GCHeap* h
    Code* codes
    int32_t ncodes
    Frame* frames
    int32_t depth           # frames in use
    int32_t max_depth
    gcref_t* globals        # roots (reported by trace_roots)
    int32_t nglobals
    gcref_t* consts         # roots (reported by trace_roots)
    int32_t nconsts
    uint16_t t_cons, t_closure, t_vector, t_string
    volatile int ticks      # time-sampling timer expiries not yet sampled (the glue's counter)
    ProfGlue* prof          # while profiling, else NULL

cdef inline uint64_t code_id(int32_t code) noexcept nogil:
    # vmprof code ids are positive and even.
    return 2 * (<uint64_t>code + 1)

# ____________________________________________________________________________
# The hooks.  They run inside an allocation or a collection: no allocation,
# no collection, no Python.  The profiling glue calls walk_stack from its
# sample hook and at time samples.

cdef void trace_roots(void* ctx, GCHeap* h) noexcept nogil:
    cdef VM* vm = <VM*>ctx
    cdef int32_t i
    for i in range(vm.nglobals):
        gc_visit_root(h, &vm.globals[i])
    for i in range(vm.nconsts):
        gc_visit_root(h, &vm.consts[i])

cdef uint32_t walk_stack(void* ctx, ProfFrame* out, uint32_t max_frames) noexcept nogil:
    # The machine's frames, innermost first: (code id, line of the current instruction).
    cdef VM* vm = <VM*>ctx
    cdef int32_t i
    cdef uint32_t n = 0
    cdef Frame* f
    for i in range(vm.depth - 1, -1, -1):
        if n == max_frames:
            break
        f = &vm.frames[i]
        out[n].code_id = code_id(f.code)
        out[n].line = vm.codes[f.code].lines[f.pc]
        n += 1
    return n

# ____________________________________________________________________________
# Errors


class LispError(Exception):
    """A run-time error of the program: [message] and [traceback], a list of
    (function, file, line), outermost call first."""

    def __init__(self, message, traceback):
        super().__init__(message)
        self.message = message
        self.traceback = traceback

    def format(self):
        lines = ["Traceback (most recent call last):\n"]
        lines += [f'  File "{file}", line {line}, in {func}\n' for func, file, line in self.traceback]
        lines.append(f"Error: {self.message}\n")
        return "".join(lines)

# ____________________________________________________________________________
# The machine

cdef class Machine:
    """Runs one compiled Program in [nursery].

    ``Machine(program, nursery, *, max_depth=10000)`` registers minilisp's
    heap types, loads the constants and installs the roots hook; call
    ``profile_to(writer)`` to stream allocation samples, time samples and GC
    events into a ProfileWriter, ``run()`` to execute, ``close()`` to detach
    from the heap.  Only one Machine may use a nursery at a time (it owns the
    heap's roots hook); machines that follow one another on a nursery share
    its types.
    """

    cdef VM vm
    cdef Nursery nursery
    cdef Profiler profiler
    cdef object program
    cdef object names           # code index -> function name
    cdef gcref_t* stack_bottom  # the shadow stack top when the machine started
    cdef dict symbol_ids        # symbol name -> number
    cdef public object stdout
    cdef public object argv     # (command-line): the program's name and arguments

    def __cinit__(self):
        self.vm.h = NULL

    def __init__(self, program, Nursery nursery not None, *, int max_depth=10000, stdout=None,
                 argv=None):
        cdef VM* vm = &self.vm
        cdef GCHeap* h = nursery.heap
        cdef int32_t i, j
        if h.trace_roots != NULL:
            raise RuntimeError("this nursery's hooks are already in use (another machine owns its roots hook)")
        if max_depth < 1:
            raise ValueError("max_depth must be at least 1")
        self.nursery = nursery
        self.program = program
        self.stdout = stdout
        self.argv = [str(a) for a in (argv if argv is not None else [program.filename])]
        self.names = [c.name for c in program.codes]
        self.symbol_ids = {name: i for i, name in enumerate(program.symbols)}
        # Registering a name again with the same layout returns its id.
        vm.t_cons = nursery.register_type("cons", fixed_size=16, ref_offsets=(0, 8))
        vm.t_closure = nursery.register_type("closure", fixed_size=8, item_size=8, items_are_refs=True)
        vm.t_vector = nursery.register_type("vector", item_size=8, items_are_refs=True)
        vm.t_string = nursery.register_type("string", item_size=1)
        vm.max_depth = max_depth
        vm.ncodes = len(program.codes)
        vm.nglobals = len(program.globals)
        vm.nconsts = len(program.consts)
        vm.codes = <Code*>calloc(max(vm.ncodes, 1), sizeof(Code))
        vm.frames = <Frame*>calloc(max_depth, sizeof(Frame))
        vm.globals = <gcref_t*>calloc(max(vm.nglobals, 1), sizeof(gcref_t))
        vm.consts = <gcref_t*>calloc(max(vm.nconsts, 1), sizeof(gcref_t))
        if not (vm.codes and vm.frames and vm.globals and vm.consts):
            self._release()
            raise MemoryError()
        for i, code in enumerate(program.codes):
            vm.codes[i].nparams = code.nparams
            vm.codes[i].nlocals = code.nlocals
            vm.codes[i].nfree = code.nfree
            vm.codes[i].ops = <int32_t*>calloc(len(code.ops) + 1, sizeof(int32_t))
            vm.codes[i].lines = <int32_t*>calloc(len(code.lines) + 1, sizeof(int32_t))
            if vm.codes[i].ops == NULL or vm.codes[i].lines == NULL:
                self._release()
                raise MemoryError()
            for j, op in enumerate(code.ops):
                vm.codes[i].ops[j] = op
            for j, line in enumerate(code.lines):
                vm.codes[i].lines[j] = line
        for i in range(vm.nglobals):
            vm.globals[i] = UNBOUND
        self.vm.h = h
        self.stack_bottom = h.shadowstack_top
        h.trace_roots, h.trace_roots_ctx = trace_roots, vm
        try:
            for i, value in enumerate(program.consts):
                self._load_const(value)
                vm.consts[i] = gc_pop_root(vm.h)
        except BaseException:
            self.close()
            raise

    cdef int _load_const(self, value) except -1:
        # Build [value] in the heap and push it.
        cdef VM* vm = &self.vm
        if value is None:
            return gc_push_root_or_raise(vm.h, NIL)
        if value is True or value is False:
            return gc_push_root_or_raise(vm.h, boolean(value))
        if isinstance(value, int):
            if not FIXNUM_MIN <= value <= FIXNUM_MAX:
                raise OverflowError(f"integer {value} does not fit in a fixnum")
            return gc_push_root_or_raise(vm.h, fix(value))
        if isinstance(value, str):
            return push_string(vm, value.encode("utf-8"))
        if isinstance(value, list):
            for item in value:
                self._load_const(item)
            return list_top(vm, len(value))
        if isinstance(value, Symbol):
            return gc_push_root_or_raise(vm.h, <gcref_t>((<uint64_t>self.symbol_ids[value.name] << 3) | SYMBOL_TAG))
        return gc_push_root_or_raise(vm.h, UNSPEC)             # the compiler's UNSPECIFIED

    def profile_to(self, ProfileWriter writer not None, *, seed=None):
        """Name every code in [writer] and profile this machine into it, as
        the writer is configured: allocation samples every alloc_period
        bytes ([seed] for random sample points), time samples every
        time_period_ns of CPU time (taken at run()'s safe points), and every
        collection.  Until stop_profiling() or close()."""
        if self.vm.h == NULL:
            raise ValueError("the machine is closed")
        if self.profiler is not None:
            raise RuntimeError("the machine is already profiling")
        for i, code in enumerate(self.program.codes):
            writer.declare_code(code_id(i), code.name, code.first_line, self.program.filename)
        self.profiler = attach(self.nursery, writer, walk_stack, &self.vm, &self.vm.ticks, seed=seed)
        self.vm.prof = &self.profiler.glue

    def stop_profiling(self):
        """Stop profiling (before the writer is closed): timer and sampling
        off, hooks removed."""
        self.vm.prof = NULL
        if self.profiler is not None:
            self.profiler.detach()          # the timer stops: nothing adds to ticks now
            self.profiler = None
        self.vm.ticks = 0

    def run(self):
        """Execute the program's top level; raises LispError on a run-time error."""
        if self.vm.h == NULL:
            raise ValueError("the machine is closed")
        if self.vm.depth:
            raise RuntimeError("the machine is already running")
        try:
            execute(self)
        except LispError:
            raise
        except (MemoryError, RecursionError, OverflowError) as e:
            raise LispError(f"{type(e).__name__}: {e}", self._traceback()) from None
        finally:
            self.vm.depth = 0
            self.vm.h.shadowstack_top = self.stack_bottom

    cdef object _traceback(self):
        cdef int32_t i
        cdef Frame* f
        out = []
        for i in range(self.vm.depth):
            f = &self.vm.frames[i]
            out.append((self.names[f.code], self.program.filename, self.vm.codes[f.code].lines[f.pc]))
        return out

    cdef int error(self, message) except -1:
        raise LispError(message, self._traceback())

    def close(self):
        """Detach from the nursery (hooks, roots) and free the machine's memory."""
        cdef GCHeap* h = self.vm.h
        if h != NULL:
            self.stop_profiling()
            h.shadowstack_top = self.stack_bottom
            h.trace_roots, h.trace_roots_ctx = NULL, NULL
            self.vm.h = NULL
        self._release()

    cdef void _release(self) noexcept:
        cdef int32_t i
        cdef VM* vm = &self.vm
        if vm.codes != NULL:
            for i in range(vm.ncodes):
                free(vm.codes[i].ops)
                free(vm.codes[i].lines)
        free(vm.codes)
        free(vm.frames)
        free(vm.globals)
        free(vm.consts)
        vm.codes = NULL
        vm.frames = NULL
        vm.globals = NULL
        vm.consts = NULL
        vm.nglobals = vm.nconsts = vm.ncodes = 0

    def __dealloc__(self):
        self.close()

    cdef str show(self, gcref_t v, bint display):
        cdef VM* vm = &self.vm
        cdef gcref_t slow
        cdef uint16_t t
        cdef uint32_t i
        if is_fix(v):
            return str(unfix(v))
        if v == NIL:
            return "()"
        if v == TRUE_V:
            return "#t"
        if v == FALSE_V:
            return "#f"
        if v & 7 == SYMBOL_TAG:
            return self.program.symbols[v >> 3]
        if not gc_is_ref(v):
            return "#<unspecified>"
        t = hdr(v).tid
        if t == vm.t_string:
            text = string_bytes(v).decode("utf-8", "replace")
            return text if display else '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
        if t == vm.t_closure:
            return f"#<procedure {self.names[slots(v)[0]]}>"
        if t == vm.t_vector:
            return "#(" + " ".join(self.show(slots(v)[i], display) for i in range(hdr(v).aux)) + ")"
        parts = []
        slow = v
        while gc_is_ref(v) and hdr(v).tid == vm.t_cons:
            parts.append(self.show(slots(v)[0], display))
            v = slots(v)[1]
            if len(parts) % 2 == 0:     # Floyd: a circular list ends in "..."
                slow = slots(slow)[1]
                if v == slow:
                    parts.append("...")
                    return "(" + " ".join(parts) + ")"
        if v != NIL:
            parts.append(".")
            parts.append(self.show(v, display))
        return "(" + " ".join(parts) + ")"

# ____________________________________________________________________________
# Stack and heap helpers

cdef inline bint has_type(gcref_t v, uint16_t tid) noexcept nogil:
    return gc_is_ref(v) and hdr(v).tid == tid

cdef int cons_top(VM* vm) except -1:
    # [... car cdr] -> [... (car . cdr)]
    cdef gcref_t* sp
    cdef GCHeader* cell = gc_alloc_fixed_or_raise(vm.h, vm.t_cons)
    sp = vm.h.shadowstack_top
    slots(<gcref_t>cell)[0] = sp[-2]
    slots(<gcref_t>cell)[1] = sp[-1]
    sp[-2] = <gcref_t>cell
    vm.h.shadowstack_top = sp - 1
    return 0

cdef int list_top(VM* vm, Py_ssize_t n) except -1:
    # [... x1 .. xn] -> [... (x1 .. xn)]
    cdef Py_ssize_t i
    gc_push_root_or_raise(vm.h, NIL)
    for i in range(n):
        cons_top(vm)
    return 0


cdef int push_string(VM* vm, bytes data) except -1:
    cdef Py_ssize_t n = len(data)
    cdef GCHeader* s = gc_alloc_varsize_or_raise(vm.h, vm.t_string, n)
    memcpy(slots(<gcref_t>s), <char*>data, n)
    return gc_push_root_or_raise(vm.h, <gcref_t>s)

cdef bytes string_bytes(gcref_t s):
    return (<char*>slots(s))[:hdr(s).aux]

cdef bint equal(VM* vm, gcref_t a, gcref_t b) noexcept:
    cdef uint32_t i
    while True:
        if a == b:
            return True
        if not (gc_is_ref(a) and gc_is_ref(b)) or hdr(a).tid != hdr(b).tid:
            return False
        if hdr(a).tid == vm.t_string:
            return hdr(a).aux == hdr(b).aux and memcmp(slots(a), slots(b), hdr(a).aux) == 0
        if hdr(a).tid == vm.t_vector:
            if hdr(a).aux != hdr(b).aux:
                return False
            for i in range(hdr(a).aux):
                if not equal(vm, slots(a)[i], slots(b)[i]):
                    return False
            return True
        if hdr(a).tid != vm.t_cons or not equal(vm, slots(a)[0], slots(b)[0]):
            return False
        a = slots(a)[1]
        b = slots(b)[1]

# ____________________________________________________________________________
# The eval loop

cdef int enter(Machine m, int32_t nargs) except -1:
    # [closure arg1..argn] is on top of the stack: check it and push a frame.
    cdef VM* vm = &m.vm
    cdef gcref_t* args = vm.h.shadowstack_top - nargs
    cdef gcref_t callee = args[-1]
    cdef Code* c
    cdef Frame* f
    cdef int32_t i
    if not has_type(callee, vm.t_closure):
        m.error(f"not a procedure: {m.show(callee, False)}")
    c = &vm.codes[slots(callee)[0]]
    if nargs != c.nparams:
        m.error(f"{m.names[slots(callee)[0]]}: expected {c.nparams} argument"
                f"{'' if c.nparams == 1 else 's'}, got {nargs}")
    if vm.depth >= vm.max_depth:
        m.error(f"maximum recursion depth ({vm.max_depth} frames) exceeded")
    for i in range(c.nlocals - c.nparams):
        gc_push_root_or_raise(vm.h, UNSPEC)
    f = &vm.frames[vm.depth]
    f.code = <int32_t>slots(callee)[0]
    f.pc = 0
    f.base = args
    vm.depth += 1
    return 0

cdef int execute(Machine m) except -1:
    cdef VM* vm = &m.vm
    cdef GCHeap* h = vm.h
    cdef Frame* f
    cdef int32_t* ins
    cdef int32_t op, a
    cdef gcref_t v, slow
    cdef gcref_t* sp
    cdef GCHeader* obj
    cdef Code* c
    cdef int32_t i
    # The top level runs as code 0 in a frame whose "closure" slot is '().
    gc_push_root_or_raise(vm.h, NIL)
    vm.frames[0].code = 0
    vm.frames[0].pc = 0
    vm.frames[0].base = h.shadowstack_top
    vm.depth = 1
    for i in range(vm.codes[0].nlocals):
        gc_push_root_or_raise(vm.h, UNSPEC)
    f = &vm.frames[0]
    while True:
        if vm.ticks:                        # a safe point: the frames are consistent
            prof_time_samples(vm.prof)
        ins = &vm.codes[f.code].ops[3 * f.pc]
        op = ins[0]
        a = ins[1]
        if op == OP_CONST:
            gc_push_root_or_raise(vm.h, vm.consts[a])
        elif op == OP_LOCAL:
            gc_push_root_or_raise(vm.h, f.base[a])
        elif op == OP_SETLOCAL:
            f.base[a] = gc_pop_root(vm.h)
        elif op == OP_FREE:
            gc_push_root_or_raise(vm.h, slots(f.base[-1])[1 + a])
        elif op == OP_SELF:
            gc_push_root_or_raise(vm.h, f.base[-1])
        elif op == OP_GLOBAL:
            v = vm.globals[a]
            if v == UNBOUND:
                m.error(f"unbound variable '{m.program.globals[a]}'")
            gc_push_root_or_raise(vm.h, v)
        elif op == OP_SETGLOBAL:
            if vm.globals[a] == UNBOUND:
                m.error(f"set!: unbound variable '{m.program.globals[a]}'")
            vm.globals[a] = gc_pop_root(vm.h)
        elif op == OP_DEFGLOBAL:
            vm.globals[a] = gc_pop_root(vm.h)
        elif op == OP_POP:
            h.shadowstack_top -= 1
        elif op == OP_JUMP:
            f.pc = a
            continue
        elif op == OP_JUMPF:
            if gc_pop_root(vm.h) == FALSE_V:
                f.pc = a
                continue
        elif op == OP_CLOSURE:
            c = &vm.codes[a]
            obj = gc_alloc_varsize_or_raise(vm.h, vm.t_closure, c.nfree)
            sp = h.shadowstack_top - c.nfree
            slots(<gcref_t>obj)[0] = <gcref_t>a
            memcpy(&slots(<gcref_t>obj)[1], sp, c.nfree * sizeof(gcref_t))
            h.shadowstack_top = sp
            gc_push_root_or_raise(vm.h, <gcref_t>obj)
        elif op == OP_CALL:
            enter(m, a)
            f = &vm.frames[vm.depth - 1]
            continue
        elif op == OP_TAILCALL:
            # Slide [closure arg1..argn] down over the running frame.
            sp = h.shadowstack_top - a - 1
            memmove(f.base - 1, sp, (a + 1) * sizeof(gcref_t))
            h.shadowstack_top = f.base + a
            vm.depth -= 1
            enter(m, a)
            f = &vm.frames[vm.depth - 1]
            continue
        elif op == OP_RETURN:
            v = gc_pop_root(vm.h)
            h.shadowstack_top = f.base
            f.base[-1] = v
            vm.depth -= 1
            if vm.depth == 0:
                h.shadowstack_top -= 1
                return 0
            f = &vm.frames[vm.depth - 1]
        elif op == OP_PRIM:
            primitive(m, a, ins[2])
        else:
            m.error(f"bad opcode {op}")
        f.pc += 1

# ____________________________________________________________________________
# Primitives: the arguments are the top [n] stack slots; the result replaces them.


cdef inline int64_t int_arg(Machine m, str name, gcref_t v) except? -1:
    if not is_fix(v):
        m.error(f"{name}: expected an integer, got {m.show(v, False)}")
    return unfix(v)

cdef inline int check(Machine m, gcref_t v, uint16_t tid, str name, str what) except -1:
    if not has_type(v, tid):
        m.error(f"{name}: expected {what}, got {m.show(v, False)}")
    return 0

cdef int64_t vector_index(Machine m, gcref_t vec, gcref_t idx, str name) except? -1:
    cdef int64_t i
    check(m, vec, m.vm.t_vector, name, "a vector")
    i = int_arg(m, name, idx)
    if not 0 <= i < hdr(vec).aux:
        m.error(f"{name}: index {i} out of range for a vector of length {hdr(vec).aux}")
    return i

cdef int primitive(Machine m, int32_t p, int32_t n) except -1:
    cdef VM* vm = &m.vm
    cdef GCHeap* h = vm.h
    cdef gcref_t* args = h.shadowstack_top - n
    cdef gcref_t result = UNSPEC
    cdef gcref_t v
    cdef int64_t x, y, r, total
    cdef int32_t i
    cdef GCHeader* obj
    cdef char* dst
    if p == P_ADD or p == P_MUL or p == P_SUB:
        name = "+" if p == P_ADD else "*" if p == P_MUL else "-"
        r = 1 if p == P_MUL else 0
        for i in range(n):
            x = int_arg(m, name, args[i])
            if p == P_SUB and i == 0 and n > 1:
                r = x
            elif not (ml_add(r, x, &r) if p == P_ADD else ml_mul(r, x, &r) if p == P_MUL
                      else ml_sub(r, x, &r)):
                m.error(f"{name}: integer overflow")
        result = fix(r)
    elif p == P_QUOTIENT or p == P_REMAINDER or p == P_MODULO:
        name = ("quotient", "remainder", "modulo")[p - P_QUOTIENT]
        x = int_arg(m, name, args[0])
        y = int_arg(m, name, args[1])
        if y == 0:
            m.error(f"{name}: division by zero")
        if p == P_QUOTIENT:
            r = ml_quotient(x, y)
            if not ml_fits(r):
                m.error("quotient: integer overflow")
        else:
            r = ml_remainder(x, y)
            if p == P_MODULO and r != 0 and (r < 0) != (y < 0):
                r += y
        result = fix(r)
    elif P_NUM_EQ <= p <= P_GE:
        name = ("=", "<", ">", "<=", ">=")[p - P_NUM_EQ]
        x = int_arg(m, name, args[0])
        y = int_arg(m, name, args[1])
        result = boolean(x == y if p == P_NUM_EQ else x < y if p == P_LT else x > y if p == P_GT
                         else x <= y if p == P_LE else x >= y)
    elif p == P_CONS:
        return cons_top(vm)
    elif p == P_CAR or p == P_CDR:
        check(m, args[0], vm.t_cons, "car" if p == P_CAR else "cdr", "a pair")
        result = slots(args[0])[0 if p == P_CAR else 1]
    elif p == P_SET_CAR or p == P_SET_CDR:
        check(m, args[0], vm.t_cons, "set-car!" if p == P_SET_CAR else "set-cdr!", "a pair")
        gc_write_barrier(h, hdr(args[0]))
        slots(args[0])[0 if p == P_SET_CAR else 1] = args[1]
    elif p == P_LIST:
        return list_top(vm, n)
    elif p == P_LENGTH:
        total = 0
        v = slow = args[0]
        while has_type(v, vm.t_cons):
            total += 1
            v = slots(v)[1]
            if total % 2 == 0:          # Floyd: [slow] moves at half speed
                slow = slots(slow)[1]
                if v == slow:
                    break
        if v != NIL:
            m.error(f"length: not a proper list: {m.show(args[0], False)}")
        result = fix(total)
    elif p == P_NULLP:
        result = boolean(args[0] == NIL)
    elif p == P_PAIRP:
        result = boolean(has_type(args[0], vm.t_cons))
    elif p == P_NOT:
        result = boolean(args[0] == FALSE_V)
    elif p == P_EQP:
        result = boolean(args[0] == args[1])
    elif p == P_EQUALP:
        result = boolean(equal(vm, args[0], args[1]))
    elif p == P_NUMBERP:
        result = boolean(is_fix(args[0]))
    elif p == P_SYMBOLP:
        result = boolean(args[0] & 7 == SYMBOL_TAG)
    elif p == P_PROCEDUREP:
        result = boolean(has_type(args[0], vm.t_closure))
    elif p == P_VECTOR:
        obj = gc_alloc_varsize_or_raise(vm.h, vm.t_vector, n)
        memcpy(slots(<gcref_t>obj), h.shadowstack_top - n, n * sizeof(gcref_t))
        result = <gcref_t>obj
    elif p == P_MAKE_VECTOR:
        x = int_arg(m, "make-vector", args[0])
        if not 0 <= x <= 0xFFFFFFFF:
            m.error(f"make-vector: bad length {x}")
        obj = gc_alloc_varsize_or_raise(vm.h, vm.t_vector, x)
        v = h.shadowstack_top[-1] if n == 2 else FALSE_V     # re-read: the fill may have moved
        for total in range(x):
            slots(<gcref_t>obj)[total] = v
        result = <gcref_t>obj
    elif p == P_VECTOR_REF:
        result = slots(args[0])[vector_index(m, args[0], args[1], "vector-ref")]
    elif p == P_VECTOR_SET:
        x = vector_index(m, args[0], args[1], "vector-set!")
        gc_write_barrier(h, hdr(args[0]))
        slots(args[0])[x] = args[2]
    elif p == P_VECTOR_LENGTH:
        check(m, args[0], vm.t_vector, "vector-length", "a vector")
        result = fix(hdr(args[0]).aux)
    elif p == P_VECTORP:
        result = boolean(has_type(args[0], vm.t_vector))
    elif p == P_STRINGP:
        result = boolean(has_type(args[0], vm.t_string))
    elif p == P_STRING_LENGTH:
        check(m, args[0], vm.t_string, "string-length", "a string")
        result = fix(hdr(args[0]).aux)
    elif p == P_STRING_EQ:
        check(m, args[0], vm.t_string, "string=?", "a string")
        check(m, args[1], vm.t_string, "string=?", "a string")
        result = boolean(equal(vm, args[0], args[1]))
    elif p == P_STRING_APPEND:
        total = 0
        for i in range(n):
            check(m, args[i], vm.t_string, "string-append", "a string")
            total += hdr(args[i]).aux
        if total > 0xFFFFFFFF:
            m.error("string-append: result too long")
        obj = gc_alloc_varsize_or_raise(vm.h, vm.t_string, total)
        args = h.shadowstack_top - n                         # re-read after allocating
        dst = <char*>slots(<gcref_t>obj)
        for i in range(n):
            memcpy(dst, slots(args[i]), hdr(args[i]).aux)
            dst += hdr(args[i]).aux
        result = <gcref_t>obj
    elif p == P_NUMBER_TO_STRING:
        text = str(int_arg(m, "number->string", args[0])).encode()
        push_string(vm, text)
        result = gc_pop_root(vm.h)
    elif p == P_SYMBOL_TO_STRING:
        if args[0] & 7 != SYMBOL_TAG:
            m.error(f"symbol->string: expected a symbol, got {m.show(args[0], False)}")
        push_string(vm, m.program.symbols[args[0] >> 3].encode("utf-8"))
        result = gc_pop_root(vm.h)
    elif p == P_STRING_TO_NUMBER:
        check(m, args[0], vm.t_string, "string->number", "a string")
        try:
            x = int(string_bytes(args[0]))
            result = fix(x) if FIXNUM_MIN <= x <= FIXNUM_MAX else FALSE_V
        except (ValueError, OverflowError):
            result = FALSE_V
    elif p == P_STRING_REF:
        check(m, args[0], vm.t_string, "string-ref", "a string")
        x = int_arg(m, "string-ref", args[1])
        if not 0 <= x < hdr(args[0]).aux:
            m.error(f"string-ref: index {x} out of range for a string of length {hdr(args[0]).aux}")
        result = fix((<unsigned char*>slots(args[0]))[x])
    elif p == P_SUBSTRING:
        check(m, args[0], vm.t_string, "substring", "a string")
        x = int_arg(m, "substring", args[1])
        y = int_arg(m, "substring", args[2])
        if not 0 <= x <= y <= hdr(args[0]).aux:
            m.error(f"substring: bad range [{x}, {y}) for a string of length {hdr(args[0]).aux}")
        obj = gc_alloc_varsize_or_raise(vm.h, vm.t_string, y - x)
        memcpy(slots(<gcref_t>obj), <char*>slots(h.shadowstack_top[-3]) + x, y - x)
        result = <gcref_t>obj
    elif p == P_COMMAND_LINE:
        for arg in m.argv:
            push_string(vm, arg.encode("utf-8"))
        list_top(vm, len(m.argv))
        result = gc_pop_root(vm.h)
    elif p == P_DISPLAY:
        (m.stdout or sys.stdout).write(m.show(args[0], True))
    elif p == P_NEWLINE:
        (m.stdout or sys.stdout).write("\n")
    elif p == P_ERROR:
        m.error(" ".join(m.show(args[i], i == 0) for i in range(n)))
    elif p == P_COLLECT:
        if gc_collect_major(h) < 0:
            gc_raise_error(h)
    else:
        m.error(f"bad primitive {p}")
    h.shadowstack_top -= n
    gc_push_root_or_raise(vm.h, result)
    return 0
