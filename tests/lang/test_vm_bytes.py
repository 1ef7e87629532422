"""Bytes, files and the delegated hashlib/struct: what the corpus programs
(tests/lang/programs/bytes, stdlib/) cannot show.

The corners the host provides print what CPython prints, and files
written in a directory of the test's own must read back as CPython's do,
also with the collector stressed.
"""

import subprocess
import sys
import textwrap

import pytest

from differential import GC_DEBUG_KNOBS, clean_env, run_timeout


def _run(argv, path, knobs=None):
    return subprocess.run([*argv, str(path)], capture_output=True, text=True, timeout=run_timeout(knobs),
                          cwd=path.parent, env=clean_env(**(knobs or {})))


# Corners that delegated modules provide through the host, checked against CPython.
CORNERS = {
    "pbkdf2": "import hashlib\nprint(hashlib.pbkdf2_hmac('sha256', b'pw', b'salt', 10).hex())\n",
    "blake2_key": "import hashlib\nprint(hashlib.blake2b(b'x', key=b'k').hexdigest())\n",
    "open_opener": ("import os\nwith open('x', 'w', opener=lambda p, f: os.open(p, f, 0o600)) as f:\n"
                    "    print(f.write('abc'))\nprint(open('x').read(), oct(os.stat('x').st_mode & 0o777))\n"),
    "open_fd": "import sys\nf = open(1, 'wb', closefd=False)\nf.write(b'to fd 1\\n')\nf.flush()\n",
    "buffer_info": "import array\na = array.array('i', [1, 2, 3])\nprint(a.buffer_info()[1], a.itemsize)\n",
}


@pytest.mark.parametrize("name", sorted(CORNERS))
def test_corners_match_cpython(name, tmp_path):
    runs = []
    for argv in ([sys.executable], [sys.executable, "-m", "vmsample.lang"]):
        run_dir = tmp_path / str(len(runs))
        run_dir.mkdir()
        path = run_dir / "prog.py"
        path.write_text("print('before', flush=True)\n" + CORNERS[name] + "print('after')\n")
        run = _run(argv, path)
        runs.append((run.returncode, run.stdout, run.stderr))
    assert runs[1] == runs[0]


FILES = """
    with open("data.bin", "wb") as f:
        for i in range(2000):
            f.write(bytes([i % 256]) * (i % 7))
    with open("data.bin", "rb") as f:
        chunks = []
        while True:
            chunk = f.read(1000)
            if not chunk:
                break
            chunks.append(chunk)
    data = b"".join(chunks)
    print(len(data), sum(data), data[-10:])
    with open("text.txt", "w", encoding="utf-8") as f:
        for i in range(300):
            print("line", i, "é" * (i % 3), file=f)
    with open("text.txt", encoding="utf-8") as f:
        lines = [line.rstrip("\\n") for line in f]
    print(len(lines), lines[:3], lines[-1])
    with open("text.txt", "rb") as f:
        print(f.readline(), f.tell(), len(f.read()))
"""


@pytest.mark.parametrize("mode", ["default", "gc-debug"])
def test_files_written_and_read_back_match_cpython(mode, tmp_path):
    outputs = []
    for argv, knobs in [([sys.executable], None),
                        ([sys.executable, "-m", "vmsample.lang"], GC_DEBUG_KNOBS if mode == "gc-debug" else None)]:
        run_dir = tmp_path / str(len(outputs))
        run_dir.mkdir()
        path = run_dir / "files.py"
        path.write_text(textwrap.dedent(FILES))
        run = _run(argv, path, knobs)
        assert run.returncode == 0, run.stderr
        outputs.append((run.stdout, (run_dir / "data.bin").read_bytes(), (run_dir / "text.txt").read_bytes()))
    assert outputs[1] == outputs[0]
