# Checks: hashlib's constructors, new(), update in pieces (bytes and bytearray), digest/hexdigest/copy, name and sizes, shake lengths, and the errors for str data and unknown algorithms.
import hashlib

print(hashlib.md5(b"hello").hexdigest(), hashlib.sha1(b"hello").hexdigest())
print(hashlib.sha256(b"").hexdigest(), hashlib.sha512(b"abc").hexdigest()[:32])
h = hashlib.new("sha256")
for i in range(200):
    h.update(b"chunk %d;" % i)
    h.update(bytearray(b"ba"))
c = h.copy()
c.update(b"more")
print(h.hexdigest(), c.hexdigest() != h.hexdigest(), h.digest()[:4], len(h.digest()))
print(h.name, h.digest_size, h.block_size, hashlib.new("SHA1").name, hashlib.md5().digest_size)
print(hashlib.sha3_256(b"x").hexdigest()[:16], hashlib.blake2b(b"x").hexdigest()[:16],
      hashlib.shake_128(b"x").hexdigest(8), len(hashlib.shake_256(b"x").digest(5)))
print(hashlib.md5(b"a" * 100000).hexdigest(), hashlib.sha224(b"kw").hexdigest()[:8])
print("md5" in hashlib.algorithms_guaranteed, "sha256" in hashlib.algorithms_available)
print(hashlib.md5(b"x", usedforsecurity=False).hexdigest()[:8], repr(h).startswith("<sha256 _hashlib.HASH object @ 0x"))
for bad in [lambda: hashlib.md5("text"), lambda: hashlib.sha1(5), lambda: hashlib.new("nope"),
            lambda: hashlib.md5().update("s")]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
