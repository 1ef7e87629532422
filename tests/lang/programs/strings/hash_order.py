# Checks: str and bytes hash as CPython's (its SipHash over the compact form, keyed by PYTHONHASHSEED), so sets and dicts of strs, of tuples of strs and of frozensets iterate in CPython's order; 1-, 2- and 4-byte strs; b"x" and "x" hash alike.
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
print(list(set(long_words)) == list(set(reversed(long_words))) or len(set(long_words)))
print(sorted(hash(w) == hash(w + "") for w in words))
