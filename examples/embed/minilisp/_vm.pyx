"""minilisp's virtual machine: a bytecode stack machine for a small Scheme
whose heap objects all live in a vmsample Nursery.

It is written the way any VM embeds the nursery core: it `cimport`s
``vmsample._nursery`` for the inline allocation fast path, the payload
accessors (with the write barrier), the immediates, the shadow stack and the
root tables, and ``vmsample.sdk._run`` for the code registry and the run
context, which profile it given one function: a stack walker.
"""

cimport cython
from libc.stdint cimport int32_t, int64_t, uint16_t, uint32_t, uint64_t, uintptr_t
from libc.stdlib cimport calloc, free
from libc.string cimport memcmp, memcpy, memmove

from vmsample._nursery cimport (
    GC_FIXNUM_MAX, GC_FIXNUM_MIN, GCHeader, GCHeap, GCRootTable, Nursery, gc_alloc_fixed_or_raise,
    gc_alloc_varsize_or_raise, gc_collect_major, gc_fixnum, gc_fixnum_add, gc_fixnum_fits,
    gc_fixnum_mul, gc_fixnum_sub, gc_fixnum_value, gc_get_ref, gc_get_word, gc_has_tag,
    gc_has_type, gc_immediate, gc_immediate_payload, gc_is_fixnum, gc_is_ref, gc_len, gc_payload,
    gc_pop_root, gc_push_root_or_raise, gc_raise_error, gc_roots_free, gc_roots_new_or_raise,
    gc_set_ref, gc_set_word, gc_tid, gcref_t)
from vmsample.profile._glue cimport ProfFrame, ProfGlue, prof_time_samples
from vmsample.sdk._run cimport CodeRegistry, ProfileRun

import sys

from minilisp.reader import Symbol

# ____________________________________________________________________________
# Values
#
# A value is one word, a [gcref_t], so that it can sit in a shadow-stack slot
# or a reference field and the collector can tell pointers from immediates:
#
#     ...xx1   fixnum n                              gc_fixnum(n)
#     ...100   symbol number k                       gc_immediate(k, SYMBOL_TAG)
#     ...010   #f, #t, the unspecified value, the unbound marker: gc_immediate(0..3, 2)
#     0        the empty list '()
#     ...000   (nonzero) a heap object: cons, closure, vector or string
#
# Heap layouts (payload words):
#
#     cons     car, cdr                                (both references)
#     closure  word 0: its code index (a plain word), then one reference per
#              captured variable; header.aux = their number
#     vector   one reference per element; header.aux = the length
#     string   the UTF-8 bytes; header.aux = the length in bytes
#
# GC safety, the one rule of this file: a heap pointer held in a C variable is
# dead after anything that may allocate, since a minor collection moves young
# objects and updates only the roots it knows -- the shadow stack, and the
# globals and constants (root tables).  So every value that must outlive an
# allocation sits on the shadow stack, and code re-reads it from there
# afterwards.  The operand stack of the machine *is* the shadow stack, which
# makes that rule cheap to follow: primitives take their arguments from stack
# slots, allocate, and only then read the slots.  Stores into an existing
# object go through gc_set_ref, which has the write barrier.

cdef enum:
    NIL = 0
    FALSE_V = 0x02
    TRUE_V = 0x0A
    UNSPEC = 0x12
    UNBOUND = 0x1A
    SYMBOL_TAG = 4

cdef extern from *:
    """
    /* C division truncates toward zero: Scheme's quotient and remainder. */
    static inline int64_t ml_quotient(int64_t a, int64_t b) { return a / b; }
    static inline int64_t ml_remainder(int64_t a, int64_t b) { return a % b; }
    """
    int64_t ml_quotient(int64_t a, int64_t b) noexcept nogil
    int64_t ml_remainder(int64_t a, int64_t b) noexcept nogil

FIXNUM_MIN = GC_FIXNUM_MIN         # for the compiler
FIXNUM_MAX = GC_FIXNUM_MAX

cdef inline gcref_t boolean(bint b) noexcept nogil:
    return TRUE_V if b else FALSE_V

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
# Machine state (plain C, so that the stack walker can read it)

ctypedef struct Code:
    int32_t* ops            # (op, a, b) per instruction
    int32_t* lines          # source line per instruction
    int32_t nparams
    int32_t nlocals         # parameters included
    int32_t nfree
    uint64_t code_id        # from the machine's CodeRegistry

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
    GCRootTable* globals    # root tables: the collector visits their slots
    GCRootTable* consts
    uint16_t t_cons, t_closure, t_vector, t_string
    volatile int ticks      # time-sampling timer expiries not yet sampled (the glue's counter)
    ProfGlue* prof          # while profiling, else NULL

cdef uint32_t walk_stack(void* ctx, ProfFrame* out, uint32_t max_frames) noexcept nogil:
    # The machine's frames, innermost first: (code id, line of the current
    # instruction).  Runs inside allocations and collections: no heap, no Python.
    cdef VM* vm = <VM*>ctx
    cdef int32_t i
    cdef uint32_t n = 0
    cdef Frame* f
    for i in range(vm.depth - 1, -1, -1):
        if n == max_frames:
            break
        f = &vm.frames[i]
        out[n].code_id = vm.codes[f.code].code_id
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

@cython.no_gc_clear         # close() needs the nursery
cdef class Machine:
    """Runs one compiled Program in [nursery].

    ``Machine(program, nursery, *, max_depth=10000)`` registers minilisp's
    heap types and its codes and loads the constants; ``run(profile=None,
    **options)`` executes, profiling into the path [profile] with
    ProfileWriter's [options]; ``close()`` frees the machine.  Machines that
    follow one another on a nursery share its types.
    """

    cdef VM vm
    cdef Nursery nursery
    cdef CodeRegistry codes
    cdef object program
    cdef object names           # code index -> function name
    cdef dict symbol_ids        # symbol name -> number
    cdef public object stdout
    cdef public object argv     # (command-line): the program's name and arguments

    def __init__(self, program, Nursery nursery not None, *, int max_depth=10000, stdout=None,
                 argv=None):
        cdef VM* vm = &self.vm
        cdef GCHeap* h = nursery.heap
        cdef int32_t i, j
        if max_depth < 1:
            raise ValueError("max_depth must be at least 1")
        self.nursery = nursery
        self.program = program
        self.stdout = stdout
        self.argv = [str(a) for a in (argv if argv is not None else [program.filename])]
        self.names = [c.name for c in program.codes]
        self.symbol_ids = {name: i for i, name in enumerate(program.symbols)}
        self.codes = CodeRegistry()
        # Registering a name again with the same layout returns its id.
        vm.t_cons = nursery.register_type("cons", fixed_size=16, ref_offsets=(0, 8))
        vm.t_closure = nursery.register_type("closure", fixed_size=8, item_size=8, items_are_refs=True)
        vm.t_vector = nursery.register_type("vector", item_size=8, items_are_refs=True)
        vm.t_string = nursery.register_type("string", item_size=1)
        vm.h = h
        vm.max_depth = max_depth
        vm.ncodes = len(program.codes)
        vm.codes = <Code*>calloc(max(vm.ncodes, 1), sizeof(Code))
        vm.frames = <Frame*>calloc(max_depth, sizeof(Frame))
        if not (vm.codes and vm.frames):
            raise MemoryError()
        for i, code in enumerate(program.codes):
            vm.codes[i].nparams = code.nparams
            vm.codes[i].nlocals = code.nlocals
            vm.codes[i].nfree = code.nfree
            vm.codes[i].code_id = self.codes.add(code.name, code.first_line, program.filename)
            vm.codes[i].ops = <int32_t*>calloc(len(code.ops) + 1, sizeof(int32_t))
            vm.codes[i].lines = <int32_t*>calloc(len(code.lines) + 1, sizeof(int32_t))
            if vm.codes[i].ops == NULL or vm.codes[i].lines == NULL:
                raise MemoryError()
            for j, op in enumerate(code.ops):
                vm.codes[i].ops[j] = op
            for j, line in enumerate(code.lines):
                vm.codes[i].lines[j] = line
        vm.globals = gc_roots_new_or_raise(h, len(program.globals), UNBOUND)
        vm.consts = gc_roots_new_or_raise(h, len(program.consts), NIL)
        for i, value in enumerate(program.consts):
            self._load_const(value)
            vm.consts.slots[i] = gc_pop_root(h)

    cdef int _load_const(self, value) except -1:
        # Build [value] in the heap and push it.
        cdef VM* vm = &self.vm
        if value is None:
            return gc_push_root_or_raise(vm.h, NIL)
        if value is True or value is False:
            return gc_push_root_or_raise(vm.h, boolean(value))
        if isinstance(value, int):
            if not GC_FIXNUM_MIN <= value <= GC_FIXNUM_MAX:
                raise OverflowError(f"integer {value} does not fit in a fixnum")
            return gc_push_root_or_raise(vm.h, gc_fixnum(value))
        if isinstance(value, str):
            return push_string(vm, value.encode("utf-8"))
        if isinstance(value, list):
            for item in value:
                self._load_const(item)
            return list_top(vm, len(value))
        if isinstance(value, Symbol):
            return gc_push_root_or_raise(vm.h, gc_immediate(self.symbol_ids[value.name], SYMBOL_TAG))
        return gc_push_root_or_raise(vm.h, UNSPEC)             # the compiler's UNSPECIFIED

    def run(self, profile=None, **options):
        """Execute the program's top level, profiled into the path [profile]
        (None: not profiled) with ProfileWriter's [options] (alloc_period,
        sampling, time_period_ns, seed, ...); raises LispError on a run-time
        error, after the profile is complete."""
        if self.vm.h == NULL:
            raise ValueError("the machine is closed")
        if self.vm.depth:
            raise RuntimeError("the machine is already running")
        run = ProfileRun(self.nursery, profile, self.codes, **options)
        run.use_walker(walk_stack, &self.vm, &self.vm.ticks)
        with run:
            self.vm.prof = run.glue
            try:
                execute(self)
            except (MemoryError, RecursionError, OverflowError) as e:
                raise LispError(f"{type(e).__name__}: {e}", self._traceback()) from None
            finally:
                self.vm.prof = NULL
                self.vm.depth = 0

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
        """Free the machine's memory and its root tables."""
        cdef int32_t i
        cdef VM* vm = &self.vm
        if vm.h != NULL:
            gc_roots_free(vm.h, vm.globals)
            gc_roots_free(vm.h, vm.consts)
            vm.h = NULL
        if vm.codes != NULL:
            for i in range(vm.ncodes):
                free(vm.codes[i].ops)
                free(vm.codes[i].lines)
        free(vm.codes)
        free(vm.frames)
        vm.codes = NULL
        vm.frames = NULL
        vm.ncodes = 0

    def __dealloc__(self):
        self.close()

    cdef str show(self, gcref_t v, bint display):
        cdef VM* vm = &self.vm
        cdef gcref_t slow
        cdef uint16_t t
        cdef uint32_t i
        if gc_is_fixnum(v):
            return str(gc_fixnum_value(v))
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
        t = gc_tid(v)
        if t == vm.t_string:
            text = string_bytes(v).decode("utf-8", "replace")
            return text if display else '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
        if t == vm.t_closure:
            return f"#<procedure {self.names[gc_get_word(vm.h, v, 0)]}>"
        if t == vm.t_vector:
            return "#(" + " ".join(self.show(gc_get_ref(vm.h, v, i), display) for i in range(gc_len(v))) + ")"
        parts = []
        slow = v
        while gc_has_type(v, vm.t_cons):
            parts.append(self.show(gc_get_ref(vm.h, v, 0), display))
            v = gc_get_ref(vm.h, v, 1)
            if len(parts) % 2 == 0:     # Floyd: a circular list ends in "..."
                slow = gc_get_ref(vm.h, slow, 1)
                if v == slow:
                    parts.append("...")
                    return "(" + " ".join(parts) + ")"
        if v != NIL:
            parts.append(".")
            parts.append(self.show(v, display))
        return "(" + " ".join(parts) + ")"

# ____________________________________________________________________________
# Stack and heap helpers

cdef int cons_top(VM* vm) except -1:
    # [... car cdr] -> [... (car . cdr)]
    cdef gcref_t cell = <gcref_t>gc_alloc_fixed_or_raise(vm.h, vm.t_cons)
    cdef gcref_t* sp = vm.h.shadowstack_top                # read after allocating
    gc_set_ref(vm.h, cell, 0, sp[-2])
    gc_set_ref(vm.h, cell, 1, sp[-1])
    sp[-2] = cell
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
    cdef gcref_t s = <gcref_t>gc_alloc_varsize_or_raise(vm.h, vm.t_string, n)
    memcpy(gc_payload(s), <char*>data, n)
    return gc_push_root_or_raise(vm.h, s)

cdef bytes string_bytes(gcref_t s):
    return gc_payload(s)[:gc_len(s)]

cdef bint equal(VM* vm, gcref_t a, gcref_t b) noexcept:
    cdef uint32_t i
    while True:
        if a == b:
            return True
        if not (gc_is_ref(a) and gc_is_ref(b)) or gc_tid(a) != gc_tid(b):
            return False
        if gc_tid(a) == vm.t_string:
            return gc_len(a) == gc_len(b) and memcmp(gc_payload(a), gc_payload(b), gc_len(a)) == 0
        if gc_tid(a) == vm.t_vector:
            if gc_len(a) != gc_len(b):
                return False
            for i in range(gc_len(a)):
                if not equal(vm, gc_get_ref(vm.h, a, i), gc_get_ref(vm.h, b, i)):
                    return False
            return True
        if gc_tid(a) != vm.t_cons or not equal(vm, gc_get_ref(vm.h, a, 0), gc_get_ref(vm.h, b, 0)):
            return False
        a = gc_get_ref(vm.h, a, 1)
        b = gc_get_ref(vm.h, b, 1)

# ____________________________________________________________________________
# The eval loop

cdef int enter(Machine m, int32_t nargs) except -1:
    # [closure arg1..argn] is on top of the stack: check it and push a frame.
    cdef VM* vm = &m.vm
    cdef gcref_t* args = vm.h.shadowstack_top - nargs
    cdef gcref_t callee = args[-1]
    cdef uintptr_t code
    cdef Code* c
    cdef Frame* f
    cdef int32_t i
    if not gc_has_type(callee, vm.t_closure):
        m.error(f"not a procedure: {m.show(callee, False)}")
    code = gc_get_word(vm.h, callee, 0)
    c = &vm.codes[code]
    if nargs != c.nparams:
        m.error(f"{m.names[code]}: expected {c.nparams} argument"
                f"{'' if c.nparams == 1 else 's'}, got {nargs}")
    if vm.depth >= vm.max_depth:
        m.error(f"maximum recursion depth ({vm.max_depth} frames) exceeded")
    for i in range(c.nlocals - c.nparams):
        gc_push_root_or_raise(vm.h, UNSPEC)
    f = &vm.frames[vm.depth]
    f.code = <int32_t>code
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
            gc_push_root_or_raise(vm.h, vm.consts.slots[a])
        elif op == OP_LOCAL:
            gc_push_root_or_raise(vm.h, f.base[a])
        elif op == OP_SETLOCAL:
            f.base[a] = gc_pop_root(vm.h)
        elif op == OP_FREE:
            gc_push_root_or_raise(vm.h, gc_get_ref(h, f.base[-1], 1 + a))
        elif op == OP_SELF:
            gc_push_root_or_raise(vm.h, f.base[-1])
        elif op == OP_GLOBAL:
            v = vm.globals.slots[a]
            if v == UNBOUND:
                m.error(f"unbound variable '{m.program.globals[a]}'")
            gc_push_root_or_raise(vm.h, v)
        elif op == OP_SETGLOBAL:
            if vm.globals.slots[a] == UNBOUND:
                m.error(f"set!: unbound variable '{m.program.globals[a]}'")
            vm.globals.slots[a] = gc_pop_root(vm.h)
        elif op == OP_DEFGLOBAL:
            vm.globals.slots[a] = gc_pop_root(vm.h)
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
            gc_set_word(h, <gcref_t>obj, 0, a)
            memcpy(gc_payload(<gcref_t>obj) + 8, sp, c.nfree * sizeof(gcref_t))     # new: no barrier
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
    if not gc_is_fixnum(v):
        m.error(f"{name}: expected an integer, got {m.show(v, False)}")
    return gc_fixnum_value(v)

cdef inline int check(Machine m, gcref_t v, uint16_t tid, str name, str what) except -1:
    if not gc_has_type(v, tid):
        m.error(f"{name}: expected {what}, got {m.show(v, False)}")
    return 0

cdef int64_t vector_index(Machine m, gcref_t vec, gcref_t idx, str name) except? -1:
    cdef int64_t i
    check(m, vec, m.vm.t_vector, name, "a vector")
    i = int_arg(m, name, idx)
    if not 0 <= i < gc_len(vec):
        m.error(f"{name}: index {i} out of range for a vector of length {gc_len(vec)}")
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
            elif not (gc_fixnum_add(r, x, &r) if p == P_ADD else gc_fixnum_mul(r, x, &r)
                      if p == P_MUL else gc_fixnum_sub(r, x, &r)):
                m.error(f"{name}: integer overflow")
        result = gc_fixnum(r)
    elif p == P_QUOTIENT or p == P_REMAINDER or p == P_MODULO:
        name = ("quotient", "remainder", "modulo")[p - P_QUOTIENT]
        x = int_arg(m, name, args[0])
        y = int_arg(m, name, args[1])
        if y == 0:
            m.error(f"{name}: division by zero")
        if p == P_QUOTIENT:
            r = ml_quotient(x, y)
            if not gc_fixnum_fits(r):
                m.error("quotient: integer overflow")
        else:
            r = ml_remainder(x, y)
            if p == P_MODULO and r != 0 and (r < 0) != (y < 0):
                r += y
        result = gc_fixnum(r)
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
        result = gc_get_ref(h, args[0], 0 if p == P_CAR else 1)
    elif p == P_SET_CAR or p == P_SET_CDR:
        check(m, args[0], vm.t_cons, "set-car!" if p == P_SET_CAR else "set-cdr!", "a pair")
        gc_set_ref(h, args[0], 0 if p == P_SET_CAR else 1, args[1])
    elif p == P_LIST:
        return list_top(vm, n)
    elif p == P_LENGTH:
        total = 0
        v = slow = args[0]
        while gc_has_type(v, vm.t_cons):
            total += 1
            v = gc_get_ref(h, v, 1)
            if total % 2 == 0:          # Floyd: [slow] moves at half speed
                slow = gc_get_ref(h, slow, 1)
                if v == slow:
                    break
        if v != NIL:
            m.error(f"length: not a proper list: {m.show(args[0], False)}")
        result = gc_fixnum(total)
    elif p == P_NULLP:
        result = boolean(args[0] == NIL)
    elif p == P_PAIRP:
        result = boolean(gc_has_type(args[0], vm.t_cons))
    elif p == P_NOT:
        result = boolean(args[0] == FALSE_V)
    elif p == P_EQP:
        result = boolean(args[0] == args[1])
    elif p == P_EQUALP:
        result = boolean(equal(vm, args[0], args[1]))
    elif p == P_NUMBERP:
        result = boolean(gc_is_fixnum(args[0]))
    elif p == P_SYMBOLP:
        result = boolean(args[0] & 7 == SYMBOL_TAG)
    elif p == P_PROCEDUREP:
        result = boolean(gc_has_type(args[0], vm.t_closure))
    elif p == P_VECTOR:
        obj = gc_alloc_varsize_or_raise(vm.h, vm.t_vector, n)
        memcpy(gc_payload(<gcref_t>obj), h.shadowstack_top - n, n * sizeof(gcref_t))    # new: no barrier
        result = <gcref_t>obj
    elif p == P_MAKE_VECTOR:
        x = int_arg(m, "make-vector", args[0])
        if not 0 <= x <= 0xFFFFFFFF:
            m.error(f"make-vector: bad length {x}")
        obj = gc_alloc_varsize_or_raise(vm.h, vm.t_vector, x)
        v = h.shadowstack_top[-1] if n == 2 else FALSE_V     # re-read: the fill may have moved
        for total in range(x):
            gc_set_ref(h, <gcref_t>obj, total, v)
        result = <gcref_t>obj
    elif p == P_VECTOR_REF:
        result = gc_get_ref(h, args[0], vector_index(m, args[0], args[1], "vector-ref"))
    elif p == P_VECTOR_SET:
        x = vector_index(m, args[0], args[1], "vector-set!")
        gc_set_ref(h, args[0], x, args[2])
    elif p == P_VECTOR_LENGTH:
        check(m, args[0], vm.t_vector, "vector-length", "a vector")
        result = gc_fixnum(gc_len(args[0]))
    elif p == P_VECTORP:
        result = boolean(gc_has_type(args[0], vm.t_vector))
    elif p == P_STRINGP:
        result = boolean(gc_has_type(args[0], vm.t_string))
    elif p == P_STRING_LENGTH:
        check(m, args[0], vm.t_string, "string-length", "a string")
        result = gc_fixnum(gc_len(args[0]))
    elif p == P_STRING_EQ:
        check(m, args[0], vm.t_string, "string=?", "a string")
        check(m, args[1], vm.t_string, "string=?", "a string")
        result = boolean(equal(vm, args[0], args[1]))
    elif p == P_STRING_APPEND:
        total = 0
        for i in range(n):
            check(m, args[i], vm.t_string, "string-append", "a string")
            total += gc_len(args[i])
        if total > 0xFFFFFFFF:
            m.error("string-append: result too long")
        obj = gc_alloc_varsize_or_raise(vm.h, vm.t_string, total)
        args = h.shadowstack_top - n                         # re-read after allocating
        dst = gc_payload(<gcref_t>obj)
        for i in range(n):
            memcpy(dst, gc_payload(args[i]), gc_len(args[i]))
            dst += gc_len(args[i])
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
            result = gc_fixnum(x) if GC_FIXNUM_MIN <= x <= GC_FIXNUM_MAX else FALSE_V
        except (ValueError, OverflowError):
            result = FALSE_V
    elif p == P_STRING_REF:
        check(m, args[0], vm.t_string, "string-ref", "a string")
        x = int_arg(m, "string-ref", args[1])
        if not 0 <= x < gc_len(args[0]):
            m.error(f"string-ref: index {x} out of range for a string of length {gc_len(args[0])}")
        result = gc_fixnum((<unsigned char*>gc_payload(args[0]))[x])
    elif p == P_SUBSTRING:
        check(m, args[0], vm.t_string, "substring", "a string")
        x = int_arg(m, "substring", args[1])
        y = int_arg(m, "substring", args[2])
        if not 0 <= x <= y <= gc_len(args[0]):
            m.error(f"substring: bad range [{x}, {y}) for a string of length {gc_len(args[0])}")
        obj = gc_alloc_varsize_or_raise(vm.h, vm.t_string, y - x)
        memcpy(gc_payload(<gcref_t>obj), gc_payload(h.shadowstack_top[-3]) + x, y - x)
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
