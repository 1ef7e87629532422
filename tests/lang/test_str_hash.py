"""str and bytes hash as CPython's: the same SipHash over the same bytes,
keyed by the same PYTHONHASHSEED, so that what a program prints of a set or
a dict of strs -- the order, which the corpus programs may not depend on --
is what CPython prints under any one seed.  (vm/str.pxi, str_full_hash)"""

import subprocess
import sys

import pytest

from differential import clean_env

PROGRAM = """\
words = ["linux", "x86_64", "manylinux", "py3", "cp311", "none", "any", "é", "日本", "😀x",
         "abi3", "manylinux2014_x86_64", "manylinux_2_17_x86_64", "win_amd64", "macosx"]
s = set()
for w in words:
    s.add(w)
print(list(s))
print(list({(w, w[::-1]) for w in words}))
print(list(frozenset((a, b) for a in words[:4] for b in words[4:8])))
print(list({w.encode(): 1 for w in words}))
print(hash("abc") == hash(b"abc"), hash("") == 0, hash(b"") == 0, hash("ab" * 600) == hash(("ab" * 600)[:]))
long_words = ["a" * 2000, "ñ" * 700, "ā" * 600, "𝔘" * 300]
print([w[:2] for w in set(long_words)], [w[:2] for w in {w: 0 for w in reversed(long_words)}])
print(sorted(hash(w) == hash(w + "") for w in words))
# the hashes themselves are CPython's, and so are those made of them
import collections.abc
print([hash(w) for w in words[:5]], hash(tuple(words)), hash(frozenset(words)),
      hash(frozenset(w.encode() for w in words)), hash(("x", b"y", (1, "z"))))
print(collections.abc.Set._hash(frozenset(words)) == hash(frozenset(words)))
"""


@pytest.mark.parametrize("seed", ["0", "1", "4242"])
def test_sets_and_dicts_of_strs_iterate_as_cpythons_under_one_seed(seed, tmp_path):
    path = tmp_path / "hash_order.py"
    path.write_text(PROGRAM, encoding="utf-8")
    env = clean_env(PYTHONHASHSEED=seed, PYTHONIOENCODING="utf-8")
    expected = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, env=env,
                              timeout=120, encoding="utf-8")
    actual = subprocess.run([sys.executable, "-m", "vmsample.lang", str(path)], capture_output=True,
                            text=True, env=env, timeout=120, encoding="utf-8")
    assert expected.returncode == 0, expected.stderr
    assert actual.stdout == expected.stdout, actual.stderr
