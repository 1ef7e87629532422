# Checks: os and os.path (delegated to CPython): path strings, file tests, stat_result, errors with errno and file names, directory listing and walking, environ, fspath and path-like objects, refused corners, and tempfile/shutil basics.
import os
import os.path
import shutil
import tempfile

print(os.sep, os.curdir, os.pardir, os.extsep, os.pathsep, os.name, repr(os.linesep), os.devnull)
print(os.path.join("a", "b", "c.txt"), os.path.join("a", "/b", "c"), os.path.join("a", ""))
print(os.path.splitext("x/y.tar.gz"), os.path.splitext(".bashrc"), os.path.split("/a/b"))
print(os.path.basename("/a/b/c"), os.path.dirname("/a/b/c"), os.path.basename("/a/b/"))
print(os.path.normpath("a//b/../c/."), os.path.normpath("/../x"), os.path.relpath("/a/b/c", "/a"))
print(os.path.isabs("a"), os.path.isabs("/a"), os.path.commonpath(["/a/b/c", "/a/b/d"]))
print(os.path.commonprefix(["abc", "abd"]), os.path.commonprefix([]), os.path.splitdrive("/x"))
print(os.path.exists("/nonexistent-vmsample"), os.path.isdir("/"), os.path.isfile("/"))
print(os.path.expanduser("~") == os.environ["HOME"], os.path.expandvars("$HOME") == os.getenv("HOME"))
print(os.path.abspath("x") == os.path.join(os.getcwd(), "x"))


class Where:
    def __init__(self, p):
        self.p = p

    def __fspath__(self):
        return self.p


print(os.fspath("s"), os.fspath(Where("w")), os.path.join(Where("a"), "b"), isinstance(Where("x"), os.PathLike))
for bad in (3, None, 2.5):
    try:
        os.fspath(bad)
    except TypeError as e:
        print(e)
try:
    os.path.join("a", 3)
except TypeError as e:
    print(e)
for f in (os.listdir, os.mkdir, os.rmdir, os.remove, os.scandir, os.stat, os.lstat):
    try:
        f(2.5)
    except TypeError as e:
        print(e)
try:
    os.rename(2.5, "x")
except TypeError as e:
    print(e)

# errors carry errno, strerror and file names
for call in (lambda: os.listdir("/nonexistent-vmsample"), lambda: os.stat("/nonexistent-vmsample"),
             lambda: os.rename("/nonexistent-vmsample", "/nonexistent-vmsample2"),
             lambda: os.rmdir("/nonexistent-vmsample")):
    try:
        call()
    except OSError as e:
        print(type(e).__name__, isinstance(e, FileNotFoundError), e.errno, e.strerror,
              e.filename, e.filename2, e.args)
        print(str(e))
e = OSError(5, "Input/output error")
print(e.errno, e.strerror, e.filename, str(e))

tmp = tempfile.mkdtemp(prefix="vms-", suffix="-t")
print(os.path.basename(tmp).startswith("vms-"), tmp.endswith("-t"), os.path.dirname(tmp) == tempfile.gettempdir())
os.makedirs(os.path.join(tmp, "x", "y", "z"))
os.makedirs(os.path.join(tmp, "x", "y"), exist_ok=True)
try:
    os.makedirs(os.path.join(tmp, "x"))
except FileExistsError as e:
    print(type(e).__name__, e.errno, e.filename == os.path.join(tmp, "x"))
try:
    os.mkdir(tmp)
except FileExistsError as e:
    print(str(e).replace(tmp, "TMP"))
fd, name = tempfile.mkstemp(dir=tmp, suffix=".txt")
os.close(fd)
print(type(fd).__name__, os.path.dirname(name) == tmp, name.endswith(".txt"), os.path.isfile(name))
st = os.stat(name)
print(type(st).__name__, len(st), st[0] == st.st_mode, st[6], st.st_size, tuple(st)[6], st == os.stat(name))
print(type(st.st_mtime).__name__, type(st.st_mtime_ns).__name__, st.st_mtime_ns // 10 ** 9 == st[8])
print(repr(st).startswith("os.stat_result(st_mode="), os.path.getsize(name), os.access(name, os.R_OK))
os.rename(name, os.path.join(tmp, "renamed.txt"))
os.replace(os.path.join(tmp, "renamed.txt"), os.path.join(tmp, "final.txt"))
print(sorted(os.listdir(tmp)))
with os.scandir(tmp) as entries:
    for entry in sorted(entries, key=lambda e: e.name):
        print(repr(entry), entry.name, entry.path == os.path.join(tmp, entry.name), entry.is_dir(),
              entry.is_file(), entry.is_symlink(), entry.stat().st_size, os.fspath(entry) == entry.path)
for dirpath, dirnames, filenames in os.walk(tmp):
    print(os.path.relpath(dirpath, tmp), sorted(dirnames), sorted(filenames))
for dirpath, dirnames, filenames in os.walk(tmp, topdown=False):
    print(os.path.relpath(dirpath, tmp), sorted(dirnames), sorted(filenames))
errors = []
print(list(os.walk(os.path.join(tmp, "missing"), onerror=errors.append)), type(errors[0]).__name__)
os.symlink(os.path.join(tmp, "final.txt"), os.path.join(tmp, "link"))
print(os.path.islink(os.path.join(tmp, "link")), os.readlink(os.path.join(tmp, "link")) == os.path.join(tmp, "final.txt"))
print(os.lstat(os.path.join(tmp, "link")).st_mode != os.stat(os.path.join(tmp, "link")).st_mode)
os.remove(os.path.join(tmp, "link"))
os.unlink(os.path.join(tmp, "final.txt"))
os.removedirs(os.path.join(tmp, "x", "y", "z"))
print(os.path.exists(tmp), os.listdir(os.path.dirname(tmp)).count(os.path.basename(tmp)))

here = os.getcwd()
os.makedirs(tmp)
os.chdir(tmp)
print(os.getcwd() == os.path.realpath(tmp), os.listdir())
os.chdir(here)
src = os.path.join(tmp, "src")
os.mkdir(src)
for n in ("a.py", "b.txt"):
    fd = os.open(os.path.join(src, n), os.O_CREAT | os.O_WRONLY, 0o644)
    os.close(fd)
print(shutil.copytree(src, os.path.join(tmp, "dst")) == os.path.join(tmp, "dst"))
print(sorted(os.listdir(os.path.join(tmp, "dst"))))
print(shutil.copy(os.path.join(src, "a.py"), os.path.join(tmp, "dst")) == os.path.join(tmp, "dst", "a.py"))
print(shutil.move(os.path.join(tmp, "dst"), os.path.join(tmp, "moved")) == os.path.join(tmp, "moved"))
print(sorted(os.listdir(tmp)), shutil.which("sh") is not None, shutil.which("no-such-program-vms"))
shutil.rmtree(tmp)
shutil.rmtree(tmp, ignore_errors=True)
print(os.path.exists(tmp))
with tempfile.TemporaryDirectory(prefix="vms") as d:
    print(os.path.isdir(d), os.path.basename(d).startswith("vms"))
print(os.path.isdir(d))

os.environ["VMSAMPLE_TEST_VAR"] = "set"
print(os.environ["VMSAMPLE_TEST_VAR"], os.getenv("VMSAMPLE_TEST_VAR"), "VMSAMPLE_TEST_VAR" in os.environ)
print(os.path.expandvars("$VMSAMPLE_TEST_VAR/x"))
del os.environ["VMSAMPLE_TEST_VAR"]
print(os.getenv("VMSAMPLE_TEST_VAR", "gone"), os.environ.get("VMSAMPLE_TEST_VAR"), os.path.expandvars("$VMSAMPLE_TEST_VAR"))
try:
    os.environ["VMSAMPLE_TEST_VAR"] = 1
except TypeError as e:
    print(e)
print(type(os.getpid()).__name__, os.cpu_count() >= 1)
