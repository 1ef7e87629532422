# Checks: pathlib: pure paths (parsing, parts, parents, suffixes, with_*, relative_to, match, ordering) and Path on a temporary tree (touch, mkdir, write_text/read_text, iterdir, glob/rglob, stat, exists/is_dir, rename/unlink, errors with file names), with os.walk/scandir, shutil and tempfile.
import os
import pathlib
import shutil
import tempfile
from pathlib import Path, PurePath, PurePosixPath

p = PurePath("/usr/lib//python3/./x.tar.gz")
print(p, repr(p), p.parts, p.name, p.suffix, p.suffixes, p.stem, p.parent, p.anchor, p.root)
print(list(p.parents), len(p.parents), p.parents[0], p.parents[-1], p.parents[1:3])
print(p.with_name("y.txt"), p.with_suffix(".bz2"), p.with_stem("z"), p.relative_to("/usr"))
print(PurePath("a") / "b" / "c", "x" / PurePath("y"), PurePath("a", "/b", "c"), PurePath())
print(PurePath("//a/b"), PurePath("///a/b"), PurePath("a/b").is_absolute(), p.is_absolute())
print(p.match("*.gz"), p.match("python3/*"), p.match("/usr/*"), PurePath("a/b.py").match("*.py"))
print(PurePath("a") == PurePosixPath("a"), PurePath("a") < PurePath("b"), hash(PurePath("a/b")) == hash(PurePath("a//b")))
print(sorted([PurePath("b"), PurePath("a/c"), PurePath("a")]))
try:
    p.relative_to("/etc")
except ValueError as e:
    print(e)
for bad in ("", "a/b", "/"):
    try:
        p.with_name(bad)
    except ValueError as e:
        print(e)
print(type(Path(".")).__name__, Path("a/b").joinpath("c", "d"), os.fspath(Path("q")))

tmp = tempfile.mkdtemp()
base = Path(tmp)
for i, ext in enumerate([".py", ".txt", ".tar.gz", "", ".py"]):
    (base / f"f{i}{ext}").touch()
(base / "sub").mkdir()
(base / "sub" / "deep").mkdir(parents=True, exist_ok=True)
(base / "sub" / "g.py").write_text("print(1)\n")
(base / "a" / "b" / "c").mkdir(parents=True)
print(sorted(p.name for p in base.iterdir()))
print(sorted(str(p.relative_to(base)) for p in base.glob("*.py")))
print(sorted(str(p.relative_to(base)) for p in base.glob("**/*.py")))
print(sorted(str(p.relative_to(base)) for p in base.rglob("*.py")))
print(sorted(str(p.relative_to(base)) for p in base.glob("*/")))
print(sorted(str(p.relative_to(base)) for p in base.glob("sub/*")))
print((base / "sub" / "g.py").read_text(), (base / "sub" / "g.py").stat().st_size)
print((base / "f0.py").exists(), (base / "nope").exists(), (base / "sub").is_dir(), (base / "sub").is_file())
try:
    (base / "sub").mkdir()
except FileExistsError as e:
    print(type(e).__name__, e.errno, str(e).replace(tmp, "TMP"))
try:
    (base / "x" / "y").mkdir()
except FileNotFoundError as e:
    print(type(e).__name__, str(e).replace(tmp, "TMP"))
(base / "f1.txt").rename(base / "renamed.txt")
(base / "f0.py").unlink()
(base / "f0.py").unlink(missing_ok=True)
print(sorted(os.listdir(tmp)))
walked = []
for dirpath, dirnames, filenames in os.walk(tmp):
    walked.append((os.path.relpath(dirpath, tmp), sorted(dirnames), sorted(filenames)))
print(sorted(walked))
with os.scandir(tmp) as it:
    print(sorted((e.name, e.is_dir(), e.is_file()) for e in it))
print(shutil.copy(base / "sub" / "g.py", base / "copy.py") == str(base / "copy.py"))
shutil.copytree(base / "sub", base / "sub2")
print(sorted(str(p.relative_to(base)) for p in base.rglob("*") if p.is_file()))
with tempfile.TemporaryDirectory() as other:
    print(os.path.isdir(other))
print(os.path.isdir(other))
shutil.rmtree(tmp)
print(os.path.exists(tmp), pathlib.__name__)
with tempfile.TemporaryDirectory() as other:
    f = Path(other) / "data.bin"
    print(f.write_bytes(b"\x00\x01abc"), f.read_bytes())
    with f.open("w") as stream:
        stream.write("text\n")
    with f.open() as stream:
        print(repr(stream.read()), f.read_text(), f.stat().st_size)
try:
    shutil.rmtree(tmp)
except FileNotFoundError as e:
    print(e.filename == tmp)
