"""What a program would miss on the VM: ``vmsample run --check``.

Each thing is one line ``file:line:col: WHAT is not supported by vmsample``,
in source order:

* the constructs the compiler refuses, at each place, and the imports of
  modules it cannot find (vmsample.lang.compiler.check_source);
* names that CPython has and the VM does not, each once, where the program
  first uses it: builtins the program reads (``builtin 'NAME'``: a name that
  no scope of the file binds) and attributes of the modules it imports
  (``'MODULE.NAME'``), read as ``from MODULE import NAME`` or as
  ``ALIAS.NAME`` where ALIAS is bound only by ``import MODULE`` -- what is
  statically knowable; a name read through ``getattr``, a star import of
  an unknown module or a module bound any other way is not looked at;
* the imports of modules that CPython imports and the VM cannot (``import
  of module 'M' ... vmsample: ERROR``, the VM's error): the module is found,
  but its body fails on the VM (a C module it imports is missing...).

Both sides are asked the same questions by the same probe (PROBE): CPython
in this process, the VM in one run of it; what CPython misses too is the
program's own error, not the VM's, and is not listed.  The probe imports
the modules the program imports, not the program, and none of the
program's own modules (those found in its directory or on PYTHONPATH,
which are the same source on both): nothing of the program runs.  A
submodule read as an attribute (``os.path``, ``xml.dom``) is a question of
what was imported before, and is not asked.
"""

from __future__ import annotations

import ast
import contextlib
import io
import os
import symtable
import warnings
from dataclasses import dataclass, field

from vmsample.lang.modules import LIB_DIR, STDLIB_DIR, find_module, is_provided_c_module, search_path


@dataclass
class Uses:
    """The names a program takes from builtins and from imported modules,
    each with the (line, col) of its first use."""
    builtins: dict = field(default_factory=dict)     # name -> (line, col)
    modules: dict = field(default_factory=dict)      # module -> where it is first imported
    attributes: dict = field(default_factory=dict)   # (module, name) -> (line, col)
    star_modules: list = field(default_factory=list)  # `from M import *` of library modules
    unknown_star: bool = False      # a star import of the program's own module or a relative one

    def first(self, table, key, node):
        where = (node.lineno, node.col_offset + 1)
        if key not in table or where < table[key]:
            table[key] = where


def check_program(source: str, filename: str) -> list[str]:
    """Everything the program would miss on the VM, as the module docstring
    says; raises SyntaxError for a program CPython refuses."""
    return check_programs([(source, filename)])[0]


def check_programs(programs: list[tuple[str, str]]) -> list[list[str]]:
    """check_program for each (source, filename), with one probe run for all."""
    from vmsample.lang.compiler import compile_source

    refusals = [[] for _ in programs]
    for (source, filename), r in zip(programs, refusals):
        compile_source(source, filename, r)
    uses = [program_uses(source, filename) for source, filename in programs]
    questions = _questions(uses)
    cpython = probe_cpython(*questions)
    asked = _asked_of_vm(questions, cpython)
    vm = probe_vm(*asked) if any(asked) else NOTHING_LACKED
    return [[text for _, text in sorted(r + _missing(u, filename, vm))]
            for (_, filename), r, u in zip(programs, refusals, uses)]


# ---------------------------------------------------------------- what the program uses

def program_uses(source: str, filename: str) -> Uses:
    """The names the program [source] takes from builtins and from the
    modules it imports (not its own modules), as far as the text says."""
    tree = ast.parse(source, filename)
    table = symtable.symtable(source, filename, "exec")
    path = search_path(filename)
    own_dirs = path[:path.index(LIB_DIR)]       # the program's directory, PYTHONPATH
    bound, imported = set(), set()
    _bindings(table, bound, imported)

    aliases = {}            # name -> the modules `import` statements bind to it
    from_imported = set()   # names bound by `from M import NAME`
    imported_modules = set()
    stars = []              # modules `from M import *` reads (None: relative)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                imported_modules.add(a.name)
                aliases.setdefault(a.asname or a.name.partition(".")[0], set()).add(
                    a.name if a.asname else a.name.partition(".")[0])
        elif isinstance(node, ast.ImportFrom):
            for a in node.names:
                if a.name == "*":
                    stars.append(node.module if node.level == 0 else None)
                else:
                    from_imported.add(a.asname or a.name)
    modules = {name: mods.pop() for name, mods in aliases.items()
               if len(mods) == 1 and name not in bound and name not in from_imported}

    def library_module(name):
        # Found, and not the program's own: a library module both sides import.
        if name == "__future__":
            return False
        if is_provided_c_module(name.partition(".")[0]):
            return True
        found = find_module(name.partition(".")[0], path)
        return found is not None and not any(_under(found[0], d) for d in own_dirs)

    def module_of(expr):
        # The module [expr] statically is, or None.
        if isinstance(expr, ast.Name):
            return modules.get(expr.id)
        if isinstance(expr, ast.Attribute):
            parent = module_of(expr.value)
            if parent is not None and f"{parent}.{expr.attr}" in imported_modules:
                return f"{parent}.{expr.attr}"
        return None

    def attribute_read(u, module, name, node):
        if library_module(module) and find_module(f"{module}.{name}", path) is None:
            u.first(u.attributes, (module, name), node)

    u = Uses(star_modules=[m for m in stars if m is not None and library_module(m)])
    u.unknown_star = len(u.star_modules) < len(stars)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if library_module(a.name):
                    u.first(u.modules, a.name, node)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module != "__future__":
            if library_module(node.module):
                u.first(u.modules, node.module, node)
                for a in node.names:
                    if a.name != "*":
                        attribute_read(u, node.module, a.name, a)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            if node.id not in bound and node.id not in imported and not _dunder(node.id):
                u.first(u.builtins, node.id, node)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
            module = module_of(node.value)
            if module is not None and f"{module}.{node.attr}" not in imported_modules:
                attribute_read(u, module, node.attr, node)
    return u


def _bindings(table, bound, imported):
    # Every name a scope of the file binds (assigns, defines, takes as a
    # parameter) into [bound]; those only imports bind into [imported].
    for sym in table.get_symbols():
        if sym.is_assigned() or sym.is_parameter() or sym.is_namespace():
            bound.add(sym.get_name())
        elif sym.is_imported():
            imported.add(sym.get_name())
    for child in table.get_children():
        _bindings(child, bound, imported)


def _dunder(name):
    # A module's own __name__, __file__, __spec__...: not a builtin's business.
    return name.startswith("__") and name.endswith("__")


def _under(file, directory):
    return os.path.abspath(file).startswith(os.path.join(os.path.abspath(directory), ""))


# ---------------------------------------------------------------- asking both sides

# The probe: the same program for CPython and the VM.  Its answer: the
# builtins it lacks, the modules it cannot import (with the error), and the
# attributes the modules it imports lack.
PROBE = """
import builtins, sys, warnings
warnings.simplefilter("ignore")

def probe(builtin_names, modules, attributes):
    lacks = {"builtins": [], "imports": {}, "attributes": []}
    for name in builtin_names:
        if not hasattr(builtins, name):
            lacks["builtins"].append(name)
    for module in modules:
        try:
            __import__(module)
            m = sys.modules[module]
        except BaseException as e:
            lacks["imports"][module] = f"{type(e).__name__}: {e}"
            continue
        for name in attributes.get(module, ()):
            try:
                present = hasattr(m, name)
            except BaseException:
                present = False
            if not present:
                lacks["attributes"].append((module, name))
    return lacks

ANSWER = probe(*QUESTIONS)
"""
NOTHING_LACKED = {"builtins": [], "imports": {}, "attributes": []}


def _questions(uses):
    names, modules, attributes = set(), set(), {}
    for u in uses:
        names |= set(u.builtins)
        modules |= set(u.modules) | {m for m, _ in u.attributes}
        for m, a in u.attributes:
            attributes.setdefault(m, set()).add(a)
    return sorted(names), sorted(modules), {m: sorted(a) for m, a in attributes.items()}


def _asked_of_vm(questions, cpython):
    # Only what CPython has: what it misses too is not the VM's to miss.
    names, modules, attributes = questions
    lacked = set(cpython["attributes"])
    return ([n for n in names if n not in cpython["builtins"]],
            [m for m in modules if m not in cpython["imports"]],
            {m: [a for a in attrs if (m, a) not in lacked]
             for m, attrs in attributes.items() if m not in cpython["imports"]})


def probe_cpython(names, modules, attributes):
    """PROBE's answer in this process (whose own output it may not touch)."""
    namespace = {"QUESTIONS": (names, modules, attributes)}
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()), \
            contextlib.redirect_stderr(io.StringIO()):
        exec(compile(PROBE, "<vmsample check probe>", "exec"), namespace)
    answer = namespace["ANSWER"]
    answer["attributes"] = [tuple(a) for a in answer["attributes"]]
    return answer


def probe_vm(names, modules, attributes):
    """PROBE's answer on the VM, run in this process; its search path is the
    library's (no program directory: none of the program's modules)."""
    from vmsample.lang import run_program

    source = f"QUESTIONS = {(names, modules, attributes)!r}\n{PROBE}\nprint(repr(ANSWER))\n"
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()) as err:
        status = run_program(source, os.path.join(STDLIB_DIR, "<vmsample check probe>"), ["-c"])
    if status != 0:
        raise RuntimeError(f"the VM's check probe failed ({status}): {err.getvalue().strip()}")
    answer = ast.literal_eval(out.getvalue().strip().splitlines()[-1])
    answer["attributes"] = [tuple(a) for a in answer["attributes"]]
    return answer


def _missing(u, filename, vm):
    # The lines for what the VM lacks of what [u] uses and CPython has.
    lines = []
    star_names = [_public_names(m) for m in u.star_modules]
    if not u.unknown_star and None not in star_names:    # (else a star import may bind any name)
        for name, where in u.builtins.items():
            if name in vm["builtins"] and not any(name in names for names in star_names):
                lines.append((where, f"builtin '{name}'", ""))
    for module, where in u.modules.items():
        if module in vm["imports"]:
            lines.append((where, f"import of module '{module}'", f": {vm['imports'][module]}"))
    vm_attributes = set(vm["attributes"])
    for (module, name), where in u.attributes.items():
        if (module, name) in vm_attributes:
            lines.append((where, f"'{module}.{name}'", ""))
    return [(where, f"{filename}:{where[0]}:{where[1]}: {what} is not supported by vmsample{why}")
            for where, what, why in lines]


def _public_names(module):
    # What `from MODULE import *` binds on CPython (None: unknown, it fails to import).
    import importlib

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            m = importlib.import_module(module)
    except BaseException:
        return None
    return set(getattr(m, "__all__", None) or (n for n in vars(m) if not n.startswith("_")))
