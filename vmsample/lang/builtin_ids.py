"""The VM's builtin functions and methods of fixed id: their one table.

A builtin is known by its id (bid), its index in the VM's ``BUILTIN_NAMES``
(vm/builtins.pxi), which starts with these rows in this order; the methods
the VM makes from lists of its own (str, bytes, coroutines...), the slot
wrappers, getsets and the host's methods follow.  A row is the builtin's
qualified name ("len", "list.append"), the C name of its id where the
VM's C code dispatches on it (None: dispatched by name, or never from C),
the positional arguments it takes, and the names it accepts as keyword
arguments, as CPython's signature of the same builtin has them (``()``: it
takes none; ``ANY``: its implementation checks its own keywords).

The positional arguments (a method's self not counted) are one of the three
ways CPython's C builtins check theirs, each with its own words:

* ``NOARGS`` (METH_NOARGS): none, "dict.keys() takes no arguments (1 given)";
* ``ONE`` (METH_O): exactly one, "list.append() takes exactly one argument
  (0 given)";
* ``(lo, hi)`` (Argument Clinic's positional check; ``hi`` None: no limit):
  "pop expected at most 1 argument, got 2";
* ``OWN``: the builtin counts its own, as its keywords may stand for
  positional arguments (round, pow...) or CPython's words are its own (map).

The VM refuses any other count or keyword before the builtin runs, with
CPython's message (vm/builtins.pxi, check_arity and check_keywords);
tests/lang/test_tables.py compares the rows with CPython's builtins.
``setup.py`` writes those C names as an enum into ``vm/builtin_ids.pxi``
(generated, never committed), which checks at import that the VM was built
from this table as it is now.
"""

ANY = "any"
NOARGS = "noargs"
ONE = "one"
OWN = "own"

BUILTINS = (
    ("len",                                 "BI_LEN",                      ONE,        ()),
    ("print",                               "BI_PRINT",                    (0, None),  ("sep", "end", "file", "flush")),
    ("range",                               "BI_RANGE",                    (1, 3),     ()),
    ("isinstance",                          "BI_ISINSTANCE",               (2, 2),     ()),
    ("repr",                                "BI_REPR",                     ONE,        ()),
    ("abs",                                 "BI_ABS",                      ONE,        ()),
    ("min",                                 "BI_MIN",                      (1, None),  ("key", "default")),
    ("max",                                 "BI_MAX",                      (1, None),  ("key", "default")),
    ("sum",                                 "BI_SUM",                      OWN,        ("start",)),
    ("sorted",                              "BI_SORTED",                   (1, 1),     ("key", "reverse")),
    ("reversed",                            "BI_REVERSED",                 (1, 1),     ()),
    ("enumerate",                           "BI_ENUMERATE",                OWN,        ("iterable", "start")),
    ("zip",                                 "BI_ZIP",                      (0, None),  ("strict",)),
    ("map",                                 "BI_MAP",                      OWN,        ()),
    ("filter",                              "BI_FILTER",                   (2, 2),     ()),
    ("any",                                 "BI_ANY",                      ONE,        ()),
    ("all",                                 "BI_ALL",                      ONE,        ()),
    ("hasattr",                             "BI_HASATTR",                  (2, 2),     ()),
    ("getattr",                             "BI_GETATTR",                  (2, 3),     ()),
    ("setattr",                             "BI_SETATTR",                  (3, 3),     ()),
    ("iter",                                "BI_ITER",                     (1, 2),     ()),
    ("next",                                "BI_NEXT",                     (1, 2),     ()),
    ("divmod",                              "BI_DIVMOD",                   (2, 2),     ()),
    ("round",                               "BI_ROUND",                    OWN,        ("number", "ndigits")),
    ("ord",                                 "BI_ORD",                      ONE,        ()),
    ("chr",                                 "BI_CHR",                      ONE,        ()),
    ("hash",                                "BI_HASH",                     ONE,        ()),
    ("id",                                  "BI_ID",                       ONE,        ()),
    ("super",                               "BI_SUPER",                    (0, 2),     ()),
    ("callable",                            "BI_CALLABLE",                 ONE,        ()),
    ("issubclass",                          "BI_ISSUBCLASS",               (2, 2),     ()),
    ("pow",                                 "BI_POW",                      OWN,        ("base", "exp", "mod")),
    ("delattr",                             "BI_DELATTR",                  (2, 2),     ()),
    ("format",                              "BI_FORMAT",                   (1, 2),     ()),
    ("bin",                                 "BI_BIN",                      ONE,        ()),
    ("hex",                                 "BI_HEX",                      ONE,        ()),
    ("oct",                                 "BI_OCT",                      ONE,        ()),
    ("input",                               "BI_INPUT",                    (0, 1),     ()),
    ("globals",                             "BI_GLOBALS",                  NOARGS,     ()),
    ("open",                                "BI_OPEN",                     OWN,        ANY),
    ("list.append",                         "BI_LIST_APPEND",              ONE,        ()),
    ("list.pop",                            "BI_LIST_POP",                 (0, 1),     ()),
    ("list.insert",                         "BI_LIST_INSERT",              (2, 2),     ()),
    ("list.index",                          "BI_LIST_INDEX",               (1, 3),     ()),
    ("list.count",                          "BI_LIST_COUNT",               ONE,        ()),
    ("list.sort",                           "BI_LIST_SORT",                OWN,        ("key", "reverse")),
    ("list.reverse",                        "BI_LIST_REVERSE",             NOARGS,     ()),
    ("list.extend",                         "BI_LIST_EXTEND",              ONE,        ()),
    ("list.remove",                         "BI_LIST_REMOVE",              ONE,        ()),
    ("list.clear",                          "BI_LIST_CLEAR",               NOARGS,     ()),
    ("list.copy",                           "BI_LIST_COPY",                NOARGS,     ()),
    ("list.__init__",                       "BI_LIST_INIT",                OWN,        ()),
    ("dict.get",                            "BI_DICT_GET",                 (1, 2),     ()),
    ("dict.setdefault",                     "BI_DICT_SETDEFAULT",          (1, 2),     ()),
    ("dict.pop",                            "BI_DICT_POP",                 (1, 2),     ()),
    ("dict.update",                         "BI_DICT_UPDATE",              (0, 1),     ANY),
    ("dict.keys",                           "BI_DICT_KEYS",                NOARGS,     ()),
    ("dict.values",                         "BI_DICT_VALUES",              NOARGS,     ()),
    ("dict.items",                          "BI_DICT_ITEMS",               NOARGS,     ()),
    ("dict.copy",                           "BI_DICT_COPY",                NOARGS,     ()),
    ("dict.clear",                          "BI_DICT_CLEAR",               NOARGS,     ()),
    ("dict.popitem",                        "BI_DICT_POPITEM",             NOARGS,     ()),
    ("dict.fromkeys",                       "BI_DICT_FROMKEYS",            (1, 2),     ()),
    ("set.add",                             "BI_SET_ADD",                  ONE,        ()),
    ("set.remove",                          "BI_SET_REMOVE",               ONE,        ()),
    ("set.discard",                         "BI_SET_DISCARD",              ONE,        ()),
    ("set.pop",                             "BI_SET_POP",                  NOARGS,     ()),
    ("set.union",                           "BI_SET_UNION",                (0, None),  ()),
    ("set.intersection",                    "BI_SET_INTERSECTION",         (0, None),  ()),
    ("set.difference",                      "BI_SET_DIFFERENCE",           (0, None),  ()),
    ("set.copy",                            "BI_SET_COPY",                 NOARGS,     ()),
    ("set.update",                          "BI_SET_UPDATE",               (0, None),  ()),
    ("set.clear",                           "BI_SET_CLEAR",                NOARGS,     ()),
    ("set.issubset",                        "BI_SET_ISSUBSET",             ONE,        ()),
    ("set.issuperset",                      "BI_SET_ISSUPERSET",           ONE,        ()),
    ("set.symmetric_difference",            "BI_SET_SYMDIFF",              ONE,        ()),
    ("set.isdisjoint",                      "BI_SET_ISDISJOINT",           ONE,        ()),
    ("set.difference_update",               "BI_SET_DIFFERENCE_UPDATE",    (0, None),  ()),
    ("set.intersection_update",             "BI_SET_INTERSECTION_UPDATE",  (0, None),  ()),
    ("set.symmetric_difference_update",     "BI_SET_SYMDIFF_UPDATE",       ONE,        ()),
    ("tuple.index",                         "BI_TUPLE_INDEX",              (1, 3),     ()),
    ("tuple.count",                         "BI_TUPLE_COUNT",              ONE,        ()),
    ("int.bit_length",                      "BI_INT_BIT_LENGTH",           NOARGS,     ()),
    ("float.is_integer",                    "BI_FLOAT_IS_INTEGER",         NOARGS,     ()),
    ("generator.send",                      "BI_GEN_SEND",                 ONE,        ()),
    ("generator.throw",                     "BI_GEN_THROW",                (1, 3),     ()),
    ("generator.close",                     "BI_GEN_CLOSE",                NOARGS,     ()),
    ("property",                            "BI_PROPERTY",                 OWN,        ("fget", "fset", "fdel", "doc")),
    ("staticmethod",                        "BI_STATICMETHOD",             (1, 1),     ()),
    ("classmethod",                         "BI_CLASSMETHOD",              (1, 1),     ()),
    ("property.setter",                     "BI_PROP_SETTER",              ONE,        ()),
    ("property.getter",                     "BI_PROP_GETTER",              ONE,        ()),
    ("property.deleter",                    "BI_PROP_DELETER",             ONE,        ()),
    ("property.__set_name__",               "BI_PROP_SET_NAME",            OWN,        ANY),
    ("_vm.register",                        None,                          OWN,        ANY),
    ("_vm.install",                         None,                          OWN,        ANY),
    ("_vm.app_object",                      None,                          OWN,        ANY),
    ("_vm.host_value",                      None,                          OWN,        ANY),
    ("_vm.compile",                         None,                          OWN,        ANY),
    ("_vm.run",                             None,                          OWN,        ANY),
    ("_vm.import_module",                   None,                          OWN,        ANY),
    ("_vm.find_module",                     None,                          OWN,        ANY),
    ("_vm.weak_new",                        None,                          OWN,        ANY),
    ("_vm.weak_get",                        None,                          OWN,        ANY),
    ("_vm.iterator_state",                  None,                          OWN,        ()),
    ("_vm.iterator_setstate",               None,                          OWN,        ()),
    ("_vm.suggestion",                      None,                          OWN,        ()),
    ("_vm.set_signal_handler",              None,                          OWN,        ()),
    ("_vm.start_thread",                    None,                          OWN,        ANY),
    ("_vm.current_frames",                  None,                          OWN,        ANY),
    ("_vm.lock_new",                        None,                          OWN,        ANY),
    ("_vm.lock_acquire",                    None,                          OWN,        ANY),
    ("_vm.lock_release",                    None,                          OWN,        ANY),
    ("_vm.lock_locked",                     None,                          OWN,        ANY),
    ("_vm.json_encode",                     None,                          OWN,        ()),
    ("_vm.json_scan",                       None,                          OWN,        ()),
    ("_vmhost.delegate",                    None,                          OWN,        ANY),
    ("sys._getframe",                       None,                          (0, 1),     ()),
    ("sys.exc_info",                        None,                          NOARGS,     ()),
    ("sys.exception",                       None,                          NOARGS,     ()),
    ("code.co_positions",                   None,                          OWN,        ()),
    ("code.co_lines",                       None,                          OWN,        ()),
    ("code.replace",                        None,                          OWN,        ANY),
    ("frame.clear",                         None,                          OWN,        ()),
    ("gc.collect",                          None,                          OWN,        ("generation",)),
    ("gc.enable",                           None,                          NOARGS,     ()),
    ("gc.disable",                          None,                          NOARGS,     ()),
    ("gc.isenabled",                        None,                          NOARGS,     ()),
    ("gc.get_threshold",                    None,                          NOARGS,     ()),
    ("gc.set_threshold",                    None,                          OWN,        ()),
    ("sys.exit",                            None,                          (0, 1),     ()),
    ("sys.getrecursionlimit",               None,                          NOARGS,     ()),
    ("sys.setrecursionlimit",               None,                          ONE,        ()),
    ("stdout.write",                        None,                          OWN,        ()),
    ("stdout.flush",                        None,                          OWN,        ()),
    ("stderr.write",                        None,                          OWN,        ()),
    ("stderr.flush",                        None,                          OWN,        ()),
    ("stdin.readline",                      None,                          OWN,        ()),
    ("stdin.read",                          None,                          OWN,        ()),
    ("stdin.readlines",                     None,                          OWN,        ()),
    ("stdout_buffer.write",                 None,                          OWN,        ()),
    ("stdout_buffer.flush",                 None,                          OWN,        ()),
    ("stderr_buffer.write",                 None,                          OWN,        ()),
    ("stderr_buffer.flush",                 None,                          OWN,        ()),
    ("stdin_buffer.readline",               None,                          OWN,        ()),
    ("stdin_buffer.read",                   None,                          OWN,        ()),
    ("stdin_buffer.readlines",              None,                          OWN,        ()),
    ("stdout.fileno",                       None,                          NOARGS,     ()),
    ("stdout.isatty",                       None,                          NOARGS,     ()),
    ("stderr.fileno",                       None,                          NOARGS,     ()),
    ("stderr.isatty",                       None,                          NOARGS,     ()),
    ("stdin.fileno",                        None,                          NOARGS,     ()),
    ("stdin.isatty",                        None,                          NOARGS,     ()),
    ("stdout_buffer.fileno",                None,                          NOARGS,     ()),
    ("stdout_buffer.isatty",                None,                          NOARGS,     ()),
    ("stderr_buffer.fileno",                None,                          NOARGS,     ()),
    ("stderr_buffer.isatty",                None,                          NOARGS,     ()),
    ("stdin_buffer.fileno",                 None,                          NOARGS,     ()),
    ("stdin_buffer.isatty",                 None,                          NOARGS,     ()),
)


def c_numbers():
    """The C name of each builtin that has one, with its id."""
    return {c_name: bid for bid, (_, c_name, _, _) in enumerate(BUILTINS) if c_name is not None}
