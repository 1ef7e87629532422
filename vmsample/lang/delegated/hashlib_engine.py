"""``_hashlib``: the CPython half of the VM's ``hashlib`` (vmsample/lang/lib/hashlib.py).

A hash object lives in the VM and keeps the bytes it was given; the digest
is CPython's, computed over them when asked for (so no CPython object
outlives a call, and a VM hash object needs no finalizer).
"""

import hashlib


def info(name):
    """("ok", canonical name, digest_size, block_size) of an algorithm, or
    ("error", CPython's message) for an unknown one."""
    try:
        h = hashlib.new(name)
    except (ValueError, TypeError) as e:
        return ("error", str(e))
    return ("ok", h.name, h.digest_size, h.block_size)


def _hash(name, chunks):
    h = hashlib.new(name)
    for chunk in chunks:
        h.update(chunk)
    return h


def digest(name, chunks, length):
    """The digest of the chunks (length: a shake's output length, else None)."""
    h = _hash(name, chunks)
    return h.digest() if length is None else h.digest(length)


def hexdigest(name, chunks, length):
    h = _hash(name, chunks)
    return h.hexdigest() if length is None else h.hexdigest(length)


def algorithms():
    """(guaranteed, available) algorithm names, sorted."""
    return (sorted(hashlib.algorithms_guaranteed), sorted(hashlib.algorithms_available))
