"""hashlib for the vmsample VM, delegated to CPython's hashlib.

A hash object is a VM object that keeps the bytes it was given (joined now
and then); ``_hashlib`` (vmsample/lang/delegated/hashlib_engine.py) computes
the digest over them with CPython's hashlib when the program asks for it.
So the program's data and results are profiled like any other allocation,
the hashing itself is not.

CPython's API for what it provides: new, the named constructors (md5, sha1,
the sha2 and sha3 families, shake_128/256, blake2b/blake2s without their
keyword parameters), algorithms_guaranteed and algorithms_available, and
update, digest, hexdigest, copy, name, digest_size and block_size.  What is
not provided raises "... is not supported by vmsample": the blake2 keyword
parameters (key, salt, person, digest_size...), file_digest, pbkdf2_hmac
and scrypt.
"""

import _hashlib

_guaranteed, _available = _hashlib.algorithms()
algorithms_guaranteed = frozenset(_guaranteed)
algorithms_available = frozenset(_available)
__all__ = ("md5", "sha1", "sha224", "sha256", "sha384", "sha512", "blake2b", "blake2s",
           "sha3_224", "sha3_256", "sha3_384", "sha3_512", "shake_128", "shake_256",
           "new", "algorithms_guaranteed", "algorithms_available")

_JOIN_AFTER = 64        # chunks kept before they are joined into one


class HASH:
    """One running hash: the algorithm's name and sizes, and the data so far."""

    def __init__(self, name, data):
        info = _hashlib.info(name)
        if info[0] == "error":
            raise ValueError(info[1])
        self.name, self.digest_size, self.block_size = info[1], info[2], info[3]
        self._chunks = []
        if data is not None:
            self.update(data)

    def update(self, data):
        if isinstance(data, str):
            raise TypeError("Strings must be encoded before hashing")
        if not isinstance(data, (bytes, bytearray)):
            raise TypeError("object supporting the buffer API required")
        self._chunks.append(bytes(data))
        if len(self._chunks) > _JOIN_AFTER:
            self._chunks = [b"".join(self._chunks)]

    def _shake_length(self, length):
        if self.name.startswith("shake_"):
            if length is None:
                raise TypeError("digest() missing required argument 'length' (pos 1)")
            return length
        if length is not None:
            raise TypeError("digest() takes no arguments (1 given)")
        return None

    def digest(self, length=None):
        return _hashlib.digest(self.name, self._chunks, self._shake_length(length))

    def hexdigest(self, length=None):
        return _hashlib.hexdigest(self.name, self._chunks, self._shake_length(length))

    def copy(self):
        other = HASH(self.name, None)
        other._chunks = list(self._chunks)
        return other

    def __repr__(self):
        return f"<{self.name} _hashlib.HASH object @ {hex(id(self))}>"


def _refuse_keywords(name, kwargs):
    for key in kwargs:
        if key != "usedforsecurity":
            raise NotImplementedError(f"{name}() with {key}= is not supported by vmsample")


def new(name, data=b"", **kwargs):
    if not isinstance(name, str):
        raise TypeError(f"new() argument 'name' must be str, not {type(name).__name__}")
    _refuse_keywords("new", kwargs)
    return HASH(name, data)


def _constructor(name):
    def construct(data=b"", **kwargs):
        _refuse_keywords(name, kwargs)
        return HASH(name, data)
    return construct


md5 = _constructor("md5")
sha1 = _constructor("sha1")
sha224 = _constructor("sha224")
sha256 = _constructor("sha256")
sha384 = _constructor("sha384")
sha512 = _constructor("sha512")
sha3_224 = _constructor("sha3_224")
sha3_256 = _constructor("sha3_256")
sha3_384 = _constructor("sha3_384")
sha3_512 = _constructor("sha3_512")
shake_128 = _constructor("shake_128")
shake_256 = _constructor("shake_256")
blake2b = _constructor("blake2b")
blake2s = _constructor("blake2s")


def file_digest(fileobj, digest, *, _bufsize=2**18):
    raise NotImplementedError("hashlib.file_digest is not supported by vmsample")


def pbkdf2_hmac(hash_name, password, salt, iterations, dklen=None):
    raise NotImplementedError("hashlib.pbkdf2_hmac is not supported by vmsample")


def scrypt(password, *, salt, n, r, p, maxmem=0, dklen=64):
    raise NotImplementedError("hashlib.scrypt is not supported by vmsample")
