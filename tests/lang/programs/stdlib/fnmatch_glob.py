# Checks: fnmatch (fnmatch, fnmatchcase, filter, translate) and glob (glob, iglob, recursive, hidden files, root_dir, escape, has_magic) on a temporary tree.
import fnmatch
import glob
import os
import shutil
import tempfile

names = ["a.py", "b.PY", ".hidden.py", "data[1].txt", "x", "notes.txt"]
print(fnmatch.filter(names, "*.py"), fnmatch.filter(names, "*.[tp]*"), fnmatch.filter(names, "?"))
print(fnmatch.fnmatch("a.py", "*.py"), fnmatch.fnmatchcase("A.PY", "*.py"), fnmatch.fnmatch("data1", "data[!0]"))
print(fnmatch.translate("*.py"), fnmatch.translate("[a-c]?x"))

tmp = tempfile.mkdtemp()
for n in names:
    os.close(os.open(os.path.join(tmp, n), os.O_CREAT | os.O_WRONLY))
os.makedirs(os.path.join(tmp, "sub", "deeper"))
os.close(os.open(os.path.join(tmp, "sub", "deeper", "c.py"), os.O_CREAT | os.O_WRONLY))


def rel(paths):
    return sorted(os.path.relpath(p, tmp) for p in paths)


print(rel(glob.glob(os.path.join(tmp, "*.py"))))
print(rel(glob.glob(os.path.join(tmp, "**", "*.py"), recursive=True)))
print(rel(glob.glob(os.path.join(tmp, "*.py"), include_hidden=True)))
print(rel(glob.iglob(os.path.join(tmp, "*", "*"))))
print(sorted(glob.glob("*.txt", root_dir=tmp)))
print(rel(glob.glob(os.path.join(tmp, glob.escape("data[1].txt")))), glob.escape("a[b]*?"))
print(glob.has_magic("a*"), glob.has_magic("plain"), glob.glob(os.path.join(tmp, "nothing*")))
shutil.rmtree(tmp)
