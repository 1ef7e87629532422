/* quip's virtual machine, written in C on vmsample's C API (vmsample.h).
 *
 * Everything that touches vmsample is here: the heap types, the values,
 * the data stack (the nursery's shadow stack), the locals (a root table),
 * the string constants (another root table), the stack walker and the run
 * context that profiles a run.  The compiler is quip/compiler.py.
 *
 * Values.  A value is one vms_ref:
 *
 *     ...xx1   an integer n, as (n << 1) | 1          (vms_fixnum)
 *     ...010   false, true, nil: immediates 0, 1, 2 under tag 2
 *     ...000   (nonzero) a heap object:
 *                pair       car, cdr                   (references)
 *                string     its bytes; aux = the length
 *                quotation  word 0: its code's index; then one reference
 *                           per captured value; aux = their number
 *
 * GC safety, the one rule: a heap pointer held in a C variable is dead
 * after anything that may allocate, since a minor collection moves young
 * objects and updates only the roots: the data stack (the shadow stack),
 * the locals and the string constants (root tables).  So values that must
 * outlive an allocation stay on the data stack, and code reads them from
 * there again after allocating.  Stores into an existing object go through
 * vms_set_ref, which has the write barrier.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include "vmsample/include/vmsample.h"

/* ------------------------------------------------------------- the instruction set */

/* The opcodes and the primitives, each with its name: the one home of
   their numbers (the compiler reads OPCODES and PRIMITIVES). */
#define QUIP_OPCODES(X) \
    X(INT) X(STRING) X(CONST) X(LOCAL) X(SETLOCAL) X(FREE) X(CLOSURE) \
    X(CALL) X(TAILCALL) X(PRIM) X(TAILPRIM) X(RET)

#define QUIP_PRIMITIVES(X) \
    X(DUP, "dup") X(DROP, "drop") X(SWAP, "swap") X(OVER, "over") X(ROT, "rot") X(NIP, "nip") \
    X(ADD, "+") X(SUB, "-") X(MUL, "*") X(DIV, "/") X(MOD, "mod") \
    X(LT, "<") X(GT, ">") X(LE, "<=") X(GE, ">=") X(EQ, "=") X(NOT, "not") \
    X(CONS, "cons") X(CAR, "car") X(CDR, "cdr") X(NILP, "nil?") X(PAIRP, "pair?") \
    X(CONCAT, "concat") X(LEN, "len") X(STR, "str") X(INT, "int") X(SUBSTR, "substr") \
    X(STRINGP, "string?") \
    X(PRINT, "print") X(WRITE, "write") X(CALLQ, "call") X(IF, "if") \
    X(ERROR, "error") X(GC, "gc") X(ARGS, "args")

enum {
#define X(name) OP_##name,
    QUIP_OPCODES(X)
#undef X
};

enum {
#define X(name, text) P_##name,
    QUIP_PRIMITIVES(X)
#undef X
};

#define FALSE_V vms_immediate(0, 2)
#define TRUE_V vms_immediate(1, 2)
#define NIL_V vms_immediate(2, 2)

/* ------------------------------------------------------------- the machine */

typedef struct {
    int64_t *ops;               /* op, arg, op, arg, ... */
    int32_t *lines;             /* per instruction */
    int32_t nparams, nlocals, nfree;
    uint64_t code_id;           /* from the code registry */
} Code;

typedef struct {
    int32_t code;
    int32_t pc;                 /* the instruction being executed (the walker reports its line) */
    size_t locals;              /* its locals: locals.slots[locals ..]; slot 0 is its closure */
} Frame;

typedef struct {
    vms_heap *h;
    Code *codes;
    int32_t ncodes;
    Frame *frames;
    int32_t depth, max_depth;
    vms_root_table locals;      /* the frames' locals: a root table whose n is the part in use */
    size_t locals_cap;
    vms_root_table *strings;    /* the program's string constants */
    vms_ref *stack_base;        /* the data stack's bottom for this run */
    uint16_t t_pair, t_string, t_quote;
    volatile int ticks;         /* timer expiries not yet sampled (the profiling glue's counter) */
    vms_glue *glue;             /* while profiling */
    PyObject *write;            /* stdout.write */
    PyObject *argv;             /* list of str */
    PyObject *names;            /* code index -> name (str) */
    PyObject *files;            /* code index -> its source file (str) */
    char error[256];            /* a run-time error's message */
} VM;

static PyObject *QuipError;

/* The stack walker: the frames, innermost first.  Runs inside allocations
   and collections: reads the VM's memory, nothing else. */
static uint32_t walk_stack(void *ctx, vms_prof_frame *out, uint32_t max_frames) {
    VM *vm = (VM *)ctx;
    uint32_t n = 0;
    for (int32_t i = vm->depth - 1; i >= 0 && n < max_frames; i--, n++) {
        Frame *f = &vm->frames[i];
        out[n].code_id = vm->codes[f->code].code_id;
        out[n].line = (uint32_t)vm->codes[f->code].lines[f->pc];
    }
    return n;
}

/* ------------------------------------------------------------- errors */

static int fail(VM *vm, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(vm->error, sizeof vm->error, fmt, ap);
    va_end(ap);
    return -1;
}

/* A heap error (out of memory, a full data stack) as a run-time error. */
static int heap_fail(VM *vm) {
    PyObject *type, *value, *tb, *text;
    vms_raise_error(vm->h);
    PyErr_Fetch(&type, &value, &tb);
    PyErr_NormalizeException(&type, &value, &tb);
    text = value ? PyObject_Str(value) : NULL;
    fail(vm, "%s: %s", type ? ((PyTypeObject *)type)->tp_name : "error",
         text ? PyUnicode_AsUTF8(text) : "?");
    PyErr_Clear();
    Py_XDECREF(text);
    Py_XDECREF(type);
    Py_XDECREF(value);
    Py_XDECREF(tb);
    return -1;
}

/* QuipError(message, traceback): traceback is [(function, file, line)], outermost first. */
static void raise_run_error(VM *vm) {
    PyObject *tb = PyList_New(0), *args;
    for (int32_t i = 0; tb && i < vm->depth; i++) {
        Frame *f = &vm->frames[i];
        PyObject *entry = Py_BuildValue("(OOi)", PyList_GET_ITEM(vm->names, f->code),
                                        PyList_GET_ITEM(vm->files, f->code), vm->codes[f->code].lines[f->pc]);
        if (entry == NULL || PyList_Append(tb, entry) < 0)
            Py_CLEAR(tb);
        Py_XDECREF(entry);
    }
    args = tb ? Py_BuildValue("(sO)", vm->error, tb) : NULL;
    if (args)
        PyErr_SetObject(QuipError, args);
    Py_XDECREF(args);
    Py_XDECREF(tb);
}

/* ------------------------------------------------------------- the data stack and the heap */

static inline int push(VM *vm, vms_ref v) {
    return vms_push_root(vm->h, v) ? 0 : heap_fail(vm);
}

static inline vms_ref *top(VM *vm) { return vm->h->shadowstack_top; }

static inline int need(VM *vm, const char *word, int n) {
    if (top(vm) - vm->stack_base < n)
        return fail(vm, "%s: the stack holds %d value(s), %d needed", word,
                    (int)(top(vm) - vm->stack_base), n);
    return 0;
}

static inline int64_t int_arg(VM *vm, const char *word, vms_ref v, int *ok) {
    if (!vms_is_fixnum(v)) {
        *ok = fail(vm, "%s: expected an integer", word) == 0;
        return 0;
    }
    return vms_fixnum_value(v);
}

static int push_string(VM *vm, const char *data, size_t n) {
    vms_header *s = vms_alloc_varsize(vm->h, vm->t_string, n);
    if (s == NULL)
        return heap_fail(vm);
    memcpy(vms_payload((vms_ref)s), data, n);
    return push(vm, (vms_ref)s);
}

/* [... a b] -> [... (a . b)] */
static int cons_top(VM *vm) {
    vms_header *cell = vms_alloc_fixed(vm->h, vm->t_pair);
    vms_ref *sp = top(vm);
    if (cell == NULL)
        return heap_fail(vm);
    vms_set_ref(vm->h, (vms_ref)cell, 0, sp[-2]);     /* read the stack after allocating */
    vms_set_ref(vm->h, (vms_ref)cell, 1, sp[-1]);
    sp[-2] = (vms_ref)cell;
    vm->h->shadowstack_top = sp - 1;
    return 0;
}

static int equal(VM *vm, vms_ref a, vms_ref b) {
    if (a == b)
        return 1;
    if (vms_has_type(a, vm->t_string) && vms_has_type(b, vm->t_string))
        return vms_len(a) == vms_len(b) && memcmp(vms_payload(a), vms_payload(b), vms_len(a)) == 0;
    return 0;
}

static PyObject *show_list(VM *vm, vms_ref v, int depth);

/* [v] as text (print / write): a new str, or NULL with a Python exception. */
static PyObject *show(VM *vm, vms_ref v, int depth) {
    if (vms_is_fixnum(v))
        return PyUnicode_FromFormat("%lld", (long long)vms_fixnum_value(v));
    if (v == TRUE_V || v == FALSE_V || v == NIL_V)
        return PyUnicode_FromString(v == TRUE_V ? "true" : v == FALSE_V ? "false" : "nil");
    if (vms_has_type(v, vm->t_string))
        return PyUnicode_DecodeUTF8(vms_payload(v), vms_len(v), "replace");
    if (vms_has_type(v, vm->t_quote))
        return PyUnicode_FromFormat("[%U]", PyList_GET_ITEM(vm->names, vms_get_word(vm->h, v, 0)));
    if (vms_has_type(v, vm->t_pair))
        return show_list(vm, v, depth);
    return PyUnicode_FromString("?");
}

/* (a b c), or (a b . c) when the last cdr is not nil; "..." past 100 deep. */
static PyObject *show_list(VM *vm, vms_ref v, int depth) {
    PyObject *parts = PyList_New(0), *item, *sep, *text = NULL;
    for (int n = 0; parts && vms_has_type(v, vm->t_pair) && n < 10000; n++) {
        item = depth < 100 ? show(vm, vms_get_ref(vm->h, v, 0), depth + 1) : PyUnicode_FromString("...");
        if (item == NULL || PyList_Append(parts, item) < 0)
            Py_CLEAR(parts);
        Py_XDECREF(item);
        v = vms_get_ref(vm->h, v, 1);
    }
    if (parts && v != NIL_V) {                  /* an improper list, or one too long */
        PyObject *tail = vms_has_type(v, vm->t_pair) ? NULL : show(vm, v, depth + 1);
        item = vms_has_type(v, vm->t_pair) ? PyUnicode_FromString("...")
             : tail ? PyUnicode_FromFormat(". %U", tail) : NULL;
        Py_XDECREF(tail);
        if (item == NULL || PyList_Append(parts, item) < 0)
            Py_CLEAR(parts);
        Py_XDECREF(item);
    }
    sep = parts ? PyUnicode_FromString(" ") : NULL;
    item = sep ? PyUnicode_Join(sep, parts) : NULL;
    text = item ? PyUnicode_FromFormat("(%U)", item) : NULL;
    Py_XDECREF(item);
    Py_XDECREF(sep);
    Py_XDECREF(parts);
    return text;
}

/* ------------------------------------------------------------- calls */

/* Push a frame for code [c] whose closure is [closure]; [tail]: in place of the running one. */
static int enter(VM *vm, int32_t c, vms_ref closure, int tail) {
    Code *code = &vm->codes[c];
    Frame *f;
    size_t base, i;
    if (tail) {
        vm->depth--;
        vm->locals.n = vm->frames[vm->depth].locals;
    } else if (vm->depth >= vm->max_depth) {
        return fail(vm, "maximum recursion depth (%d frames) exceeded", vm->max_depth);
    }
    base = vm->locals.n;
    if (base + code->nlocals > vm->locals_cap) {
        size_t cap = 2 * (base + code->nlocals);
        vms_ref *slots = realloc(vm->locals.slots, cap * sizeof(vms_ref));
        if (slots == NULL)
            return fail(vm, "MemoryError: out of memory (locals)");
        vm->locals.slots = slots;       /* a root table's slots and n are ours to change */
        vm->locals_cap = cap;
    }
    vm->locals.slots[base] = closure;
    for (i = 1; i < (size_t)code->nlocals; i++)
        vm->locals.slots[base + i] = NIL_V;
    vm->locals.n = base + code->nlocals;
    f = &vm->frames[vm->depth++];
    f->code = c;
    f->pc = 0;
    f->locals = base;
    if (code->nparams)
        return need(vm, PyUnicode_AsUTF8(PyList_GET_ITEM(vm->names, c)), code->nparams);
    return 0;
}

/* Call the quotation on top of the stack. */
static int call_top(VM *vm, const char *word, int tail) {
    vms_ref q = vms_pop_root(vm->h);
    if (!vms_has_type(q, vm->t_quote))
        return fail(vm, "%s: expected a quotation", word);
    return enter(vm, (int32_t)vms_get_word(vm->h, q, 0), q, tail);
}

/* ------------------------------------------------------------- primitives */

static int primitive(VM *vm, int64_t p, int tail) {
    vms_heap *h = vm->h;
    vms_ref *sp = top(vm), v;
    int64_t x, y, r;
    int ok = 1;
    switch (p) {
    case P_DUP: if (need(vm, "dup", 1)) return -1; return push(vm, sp[-1]);
    case P_DROP: if (need(vm, "drop", 1)) return -1; vms_pop_root(h); return 0;
    case P_SWAP: if (need(vm, "swap", 2)) return -1; v = sp[-1]; sp[-1] = sp[-2]; sp[-2] = v; return 0;
    case P_OVER: if (need(vm, "over", 2)) return -1; return push(vm, sp[-2]);
    case P_NIP: if (need(vm, "nip", 2)) return -1; sp[-2] = sp[-1]; vms_pop_root(h); return 0;
    case P_ROT:                                     /* a b c -> b c a */
        if (need(vm, "rot", 3)) return -1;
        v = sp[-3]; sp[-3] = sp[-2]; sp[-2] = sp[-1]; sp[-1] = v;
        return 0;
    case P_ADD: case P_SUB: case P_MUL: case P_DIV: case P_MOD:
    case P_LT: case P_GT: case P_LE: case P_GE: {
        static const char *names[] = {"+", "-", "*", "/", "mod", "<", ">", "<=", ">="};
        const char *name = names[p - P_ADD];
        if (need(vm, name, 2)) return -1;
        x = int_arg(vm, name, sp[-2], &ok);
        y = ok ? int_arg(vm, name, sp[-1], &ok) : 0;
        if (!ok) return -1;
        if ((p == P_DIV || p == P_MOD) && y == 0)
            return fail(vm, "%s: division by zero", name);
        switch (p) {
        case P_ADD: ok = vms_fixnum_add(x, y, &r); break;
        case P_SUB: ok = vms_fixnum_sub(x, y, &r); break;
        case P_MUL: ok = vms_fixnum_mul(x, y, &r); break;
        case P_DIV: r = x / y; ok = vms_fixnum_fits(r); break;
        case P_MOD: r = x % y; break;
        default:
            vms_pop_root(h);
            sp[-2] = (p == P_LT ? x < y : p == P_GT ? x > y : p == P_LE ? x <= y : x >= y) ? TRUE_V : FALSE_V;
            return 0;
        }
        if (!ok)
            return fail(vm, "%s: integer overflow", name);
        vms_pop_root(h);
        sp[-2] = vms_fixnum(r);
        return 0;
    }
    case P_EQ:
        if (need(vm, "=", 2)) return -1;
        sp[-2] = equal(vm, sp[-2], sp[-1]) ? TRUE_V : FALSE_V;
        vms_pop_root(h);
        return 0;
    case P_NOT: if (need(vm, "not", 1)) return -1; sp[-1] = sp[-1] == FALSE_V ? TRUE_V : FALSE_V; return 0;
    case P_CONS: if (need(vm, "cons", 2)) return -1; return cons_top(vm);
    case P_CAR: case P_CDR:
        if (need(vm, p == P_CAR ? "car" : "cdr", 1)) return -1;
        if (!vms_has_type(sp[-1], vm->t_pair))
            return fail(vm, "%s: expected a pair", p == P_CAR ? "car" : "cdr");
        sp[-1] = vms_get_ref(h, sp[-1], p == P_CAR ? 0 : 1);
        return 0;
    case P_NILP: if (need(vm, "nil?", 1)) return -1; sp[-1] = sp[-1] == NIL_V ? TRUE_V : FALSE_V; return 0;
    case P_PAIRP: case P_STRINGP:
        if (need(vm, "pair?", 1)) return -1;
        sp[-1] = vms_has_type(sp[-1], p == P_PAIRP ? vm->t_pair : vm->t_string) ? TRUE_V : FALSE_V;
        return 0;
    case P_CONCAT: {
        vms_header *s;
        size_t n1, n2;
        if (need(vm, "concat", 2)) return -1;
        if (!vms_has_type(sp[-2], vm->t_string) || !vms_has_type(sp[-1], vm->t_string))
            return fail(vm, "concat: expected two strings");
        n1 = vms_len(sp[-2]);
        n2 = vms_len(sp[-1]);
        s = vms_alloc_varsize(h, vm->t_string, n1 + n2);
        if (s == NULL)
            return heap_fail(vm);
        sp = top(vm);                               /* the strings may have moved */
        memcpy(vms_payload((vms_ref)s), vms_payload(sp[-2]), n1);
        memcpy(vms_payload((vms_ref)s) + n1, vms_payload(sp[-1]), n2);
        vms_pop_root(h);
        sp[-2] = (vms_ref)s;
        return 0;
    }
    case P_LEN:
        if (need(vm, "len", 1)) return -1;
        if (!vms_has_type(sp[-1], vm->t_string))
            return fail(vm, "len: expected a string");
        sp[-1] = vms_fixnum(vms_len(sp[-1]));
        return 0;
    case P_STR: {
        char text[32];
        if (need(vm, "str", 1)) return -1;
        x = int_arg(vm, "str", sp[-1], &ok);
        if (!ok) return -1;
        snprintf(text, sizeof text, "%lld", (long long)x);
        if (push_string(vm, text, strlen(text)) < 0) return -1;
        sp = top(vm);
        sp[-2] = sp[-1];
        vms_pop_root(h);
        return 0;
    }
    case P_INT: {                                   /* a string's integer, or false */
        char text[32], *end;
        uint32_t n;
        if (need(vm, "int", 1)) return -1;
        if (!vms_has_type(sp[-1], vm->t_string))
            return fail(vm, "int: expected a string");
        n = vms_len(sp[-1]);
        if (n == 0 || n >= sizeof text) {
            sp[-1] = FALSE_V;
            return 0;
        }
        memcpy(text, vms_payload(sp[-1]), n);
        text[n] = 0;
        r = strtoll(text, &end, 10);
        sp[-1] = *end == 0 && vms_fixnum_fits(r) ? vms_fixnum(r) : FALSE_V;
        return 0;
    }
    case P_SUBSTR: {                                /* s i j -> s[i:j] */
        vms_header *s;
        if (need(vm, "substr", 3)) return -1;
        if (!vms_has_type(sp[-3], vm->t_string))
            return fail(vm, "substr: expected a string");
        x = int_arg(vm, "substr", sp[-2], &ok);
        y = ok ? int_arg(vm, "substr", sp[-1], &ok) : 0;
        if (!ok) return -1;
        if (!(0 <= x && x <= y && y <= (int64_t)vms_len(sp[-3])))
            return fail(vm, "substr: bad range [%lld, %lld) of a string of length %u",
                        (long long)x, (long long)y, vms_len(sp[-3]));
        s = vms_alloc_varsize(h, vm->t_string, (size_t)(y - x));
        if (s == NULL)
            return heap_fail(vm);
        sp = top(vm);
        memcpy(vms_payload((vms_ref)s), vms_payload(sp[-3]) + x, (size_t)(y - x));
        sp[-3] = (vms_ref)s;
        h->shadowstack_top = sp - 2;
        return 0;
    }
    case P_PRINT: case P_WRITE: {
        PyObject *text, *res;
        if (need(vm, "print", 1)) return -1;
        text = show(vm, sp[-1], 0);
        if (text && p == P_PRINT) {
            PyObject *line = PyUnicode_FromFormat("%U\n", text);
            Py_SETREF(text, line);
        }
        res = text ? PyObject_CallOneArg(vm->write, text) : NULL;
        Py_XDECREF(text);
        if (res == NULL)
            return -2;                              /* a Python error: passed on as it is */
        Py_DECREF(res);
        vms_pop_root(h);
        return 0;
    }
    case P_CALLQ:
        if (need(vm, "call", 1)) return -1;
        return call_top(vm, "call", tail);
    case P_IF:                                      /* flag then else -> ... */
        if (need(vm, "if", 3)) return -1;
        v = sp[-3] != FALSE_V ? sp[-2] : sp[-1];
        sp[-3] = v;
        h->shadowstack_top = sp - 2;
        return call_top(vm, "if", tail);
    case P_ERROR: {
        PyObject *text;
        if (need(vm, "error", 1)) return -1;
        text = show(vm, sp[-1], 0);
        if (text == NULL) return -2;
        fail(vm, "%s", PyUnicode_AsUTF8(text));
        Py_DECREF(text);
        return -1;
    }
    case P_GC:
        return vms_collect_major(h) < 0 ? heap_fail(vm) : 0;
    case P_ARGS: {                                  /* -> a list of the program's arguments */
        Py_ssize_t n = PyList_GET_SIZE(vm->argv), i;
        if (push(vm, NIL_V)) return -1;
        for (i = n - 1; i >= 0; i--) {
            Py_ssize_t len;
            const char *arg = PyUnicode_AsUTF8AndSize(PyList_GET_ITEM(vm->argv, i), &len);
            if (arg == NULL) return -2;
            if (push_string(vm, arg, (size_t)len)) return -1;
            sp = top(vm);
            v = sp[-1]; sp[-1] = sp[-2]; sp[-2] = v;    /* [... list arg] -> [... arg list] */
            if (cons_top(vm)) return -1;
        }
        return 0;
    }
    }
    return fail(vm, "bad primitive %lld", (long long)p);
}

/* ------------------------------------------------------------- the eval loop */

static int execute(VM *vm) {
    vms_heap *h = vm->h;
    Frame *f;
    Code *c;
    int64_t op, arg;
    vms_header *obj;
    int rc;
    if (enter(vm, 0, NIL_V, 0))
        return -1;
    for (;;) {
        if (vm->ticks)                          /* a safe point: every frame's pc is current */
            vms_time_samples(vm->glue);
        f = &vm->frames[vm->depth - 1];
        c = &vm->codes[f->code];
        op = c->ops[2 * f->pc];
        arg = c->ops[2 * f->pc + 1];
        switch (op) {
        case OP_INT: rc = push(vm, vms_fixnum(arg)); break;
        case OP_STRING: rc = push(vm, vm->strings->slots[arg]); break;
        case OP_CONST: rc = push(vm, vms_immediate((uint64_t)arg, 2)); break;
        case OP_LOCAL: rc = push(vm, vm->locals.slots[f->locals + arg]); break;
        case OP_SETLOCAL:
            if ((rc = need(vm, "->", 1)) == 0)
                vm->locals.slots[f->locals + arg] = vms_pop_root(h);
            break;
        case OP_FREE:                           /* captured value [arg] of the running quotation */
            rc = push(vm, vms_get_ref(h, vm->locals.slots[f->locals], 1 + (size_t)arg));
            break;
        case OP_CLOSURE: {                      /* [... v1 .. vn] -> [... quotation] */
            int32_t nfree = vm->codes[arg].nfree;
            vms_ref *sp;
            obj = vms_alloc_varsize(h, vm->t_quote, (size_t)nfree);
            if (obj == NULL) {
                rc = heap_fail(vm);
                break;
            }
            vms_set_word(h, (vms_ref)obj, 0, (uintptr_t)arg);
            sp = top(vm) - nfree;
            for (int32_t i = 0; i < nfree; i++)
                vms_set_ref(h, (vms_ref)obj, 1 + (size_t)i, sp[i]);
            h->shadowstack_top = sp;
            rc = push(vm, (vms_ref)obj);
            break;
        }
        case OP_CALL: case OP_TAILCALL:
            if (enter(vm, (int32_t)arg, NIL_V, op == OP_TAILCALL))
                return -1;
            continue;                           /* the caller's pc stays on the call */
        case OP_PRIM: case OP_TAILPRIM: {
            int32_t depth = vm->depth;
            rc = primitive(vm, arg, op == OP_TAILPRIM);
            if (rc == 0 && (vm->depth != depth || op == OP_TAILPRIM))
                continue;                       /* call / if entered a quotation */
            break;
        }
        case OP_RET:
            vm->locals.n = f->locals;
            if (--vm->depth == 0)
                return 0;
            vm->frames[vm->depth - 1].pc++;     /* past the call */
            continue;
        default:
            rc = fail(vm, "bad opcode %lld", (long long)op);
        }
        if (rc)
            return rc;
        f->pc++;
    }
}

/* ------------------------------------------------------------- loading a program */

static void vm_free(VM *vm) {
    if (vm->h) {
        if (vm->locals.check)
            vms_roots_unregister(vm->h, &vm->locals);
        vms_roots_free(vm->h, vm->strings);
    }
    free(vm->locals.slots);
    for (int32_t i = 0; vm->codes && i < vm->ncodes; i++) {
        free(vm->codes[i].ops);
        free(vm->codes[i].lines);
    }
    free(vm->codes);
    free(vm->frames);
    Py_XDECREF(vm->write);
    Py_XDECREF(vm->names);
    Py_XDECREF(vm->files);
}

/* The codes of [program] (compiler.Program.as_tuples()), registered in [registry]. */
static int load_codes(VM *vm, PyObject *codes, PyObject *registry) {
    vm->ncodes = (int32_t)PyList_GET_SIZE(codes);
    vm->codes = calloc((size_t)vm->ncodes, sizeof(Code));
    vm->names = PyList_New(vm->ncodes);
    vm->files = PyList_New(vm->ncodes);
    if (vm->codes == NULL || vm->names == NULL || vm->files == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (int32_t i = 0; i < vm->ncodes; i++) {
        Code *c = &vm->codes[i];
        PyObject *name, *file;
        const char *ops, *lines;
        Py_ssize_t nops, nlines;
        int first_line;
        if (!PyArg_ParseTuple(PyList_GET_ITEM(codes, i), "UUiiiiy#y#", &name, &file, &first_line,
                              &c->nparams, &c->nlocals, &c->nfree, &ops, &nops, &lines, &nlines))
            return -1;
        c->ops = malloc((size_t)nops);
        c->lines = malloc((size_t)nlines);
        if (c->ops == NULL || c->lines == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        memcpy(c->ops, ops, (size_t)nops);
        memcpy(c->lines, lines, (size_t)nlines);
        Py_INCREF(name);
        PyList_SET_ITEM(vm->names, i, name);
        Py_INCREF(file);
        PyList_SET_ITEM(vm->files, i, file);
        c->code_id = vms_code_add(registry, PyUnicode_AsUTF8(name), first_line, PyUnicode_AsUTF8(file));
        if (c->code_id == 0)
            return -1;
    }
    return 0;
}

static int load_strings(VM *vm, PyObject *strings) {
    Py_ssize_t n = PyList_GET_SIZE(strings);
    vm->strings = vms_roots_new(vm->h, (size_t)n, NIL_V);
    if (vm->strings == NULL)
        return vms_raise_error(vm->h);
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t len;
        const char *text = PyUnicode_AsUTF8AndSize(PyList_GET_ITEM(strings, i), &len);
        if (text == NULL)
            return -1;
        if (push_string(vm, text, (size_t)len) < 0) {
            PyErr_SetString(PyExc_MemoryError, vm->error);
            return -1;
        }
        vm->strings->slots[i] = vms_pop_root(vm->h);
    }
    return 0;
}

/* ------------------------------------------------------------- run() */

static int register_types(VM *vm, PyObject *nursery) {
    static const uint32_t pair_refs[] = {0, 8};
    int pair = vms_register_type(nursery, "pair", 16, pair_refs, 2, 0, 0);
    int string = pair < 0 ? -1 : vms_register_type(nursery, "string", 0, NULL, 0, 1, 0);
    int quote = string < 0 ? -1 : vms_register_type(nursery, "quotation", 8, NULL, 0, 8, 1);
    if (quote < 0)
        return -1;
    vm->t_pair = (uint16_t)pair;
    vm->t_string = (uint16_t)string;
    vm->t_quote = (uint16_t)quote;
    return 0;
}

PyDoc_STRVAR(run_doc,
"run(codes, strings, nursery, profile, options, argv, stdout, max_depth) -> None\n\n"
"Run a compiled program (compiler.Program.as_tuples(), its strings) in\n"
"[nursery]; profile it into the path [profile] (None: not profiled) with\n"
"ProfileWriter's [options].  Raises QuipError(message, traceback).");

static PyObject *run(PyObject *self, PyObject *args) {
    PyObject *codes, *strings, *nursery, *profile, *options, *argv, *out;
    PyObject *registry = NULL, *ctx = NULL, *result = NULL;
    VM vm;
    int rc = -1;
    memset(&vm, 0, sizeof vm);
    if (!PyArg_ParseTuple(args, "O!O!OOO!O!Oi", &PyList_Type, &codes, &PyList_Type, &strings,
                          &nursery, &profile, &PyDict_Type, &options, &PyList_Type, &argv, &out,
                          &vm.max_depth))
        return NULL;
    vm.argv = argv;
    vm.h = vms_heap_of(nursery);
    if (vm.h == NULL || register_types(&vm, nursery) < 0)
        goto done;
    vm.write = PyObject_GetAttrString(out, "write");
    vm.frames = calloc((size_t)(vm.max_depth > 0 ? vm.max_depth : 1), sizeof(Frame));
    if (vm.write == NULL || vm.frames == NULL)
        goto done;
    if (vms_roots_register(vm.h, &vm.locals, NULL, 0) < 0) {
        vms_raise_error(vm.h);
        goto done;
    }
    registry = vms_codes_new("py");            /* the tag stock vmprof and the paper's converter know */
    if (registry == NULL || load_codes(&vm, codes, registry) < 0 || load_strings(&vm, strings) < 0)
        goto done;
    ctx = vms_run_new(nursery, profile, registry, options);
    if (ctx == NULL || vms_run_use_walker(ctx, walk_stack, &vm, &vm.ticks) < 0 || vms_run_enter(ctx) < 0)
        goto done;
    vm.glue = vms_run_glue(ctx);
    vm.stack_base = top(&vm);
    rc = execute(&vm);
    if (rc == -1)
        raise_run_error(&vm);                  /* -2: a Python error, already set */
    vm.glue = NULL;
    /* The run's last collection sees the program's locals: what they hold is alive at the end. */
    rc = vms_run_exit(ctx, rc != 0) < 0 || rc != 0 ? -1 : 0;
    vm.depth = 0;
    vm.locals.n = 0;
    if (rc < 0)
        goto done;
    Py_INCREF(Py_None);
    result = Py_None;
done:
    if (result == NULL && !PyErr_Occurred())
        PyErr_SetString(PyExc_MemoryError, "out of memory");
    vm_free(&vm);
    Py_XDECREF(ctx);
    Py_XDECREF(registry);
    return result;
}

static PyMethodDef methods[] = {
    {"run", run, METH_VARARGS, run_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "quip._vm", "quip's virtual machine (C, on vmsample's C API).", -1, methods,
};

PyMODINIT_FUNC PyInit__vm(void) {
    PyObject *m, *ops, *prims;
    if (vms_import() < 0)
        return NULL;
    m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    QuipError = PyErr_NewExceptionWithDoc(
        "quip._vm.QuipError", "A run-time error: args are (message, traceback), the traceback "
        "a list of (function, file, line), outermost first.", NULL, NULL);
    ops = Py_BuildValue("{"
#define X(name) "si"
        QUIP_OPCODES(X)
#undef X
        "}"
#define X(name) , #name, OP_##name
        QUIP_OPCODES(X)
#undef X
    );
    prims = Py_BuildValue("{"
#define X(name, text) "si"
        QUIP_PRIMITIVES(X)
#undef X
        "}"
#define X(name, text) , text, P_##name
        QUIP_PRIMITIVES(X)
#undef X
    );
    if (QuipError == NULL || ops == NULL || prims == NULL
            || PyModule_AddObjectRef(m, "QuipError", QuipError) < 0
            || PyModule_AddObject(m, "OPCODES", ops) < 0
            || PyModule_AddObject(m, "PRIMITIVES", prims) < 0) {
        Py_XDECREF(ops);
        Py_XDECREF(prims);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
