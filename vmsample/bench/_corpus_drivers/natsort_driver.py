# Driver (written for vmsample's corpus) of natsort: natural sorting of strings with numbers, versions, paths.
from natsort import (as_ascii, humansorted, index_natsorted, natsort_keygen, natsorted, ns, order_by_index,
                     os_sorted, realsorted)

files = ["file10.txt", "file2.txt", "File1.txt", "file1.10.txt", "file1.9.txt", "file-3.txt", "file1.txt"]
print(natsorted(files), natsorted(files, alg=ns.IGNORECASE), natsorted(files, reverse=True))
print(realsorted(["a5.034e1", "a-50", "a50", "a5.3", "a+50.300"]), natsorted(["1.2.10", "1.2.9", "1.10.0"]))
print(natsorted(["a1", "A2", "b1", "B10"], alg=ns.LOWERCASEFIRST), natsorted(["a1", "A2", "b1", "B10"], alg=ns.GROUPLETTERS))
print(natsorted(["/p/f10", "/p/f9/x", "/p/f9.txt", "/p/f9"], alg=ns.PATH), humansorted(["Apple", "apple15", "Banana", "apple14,689"]))
print(natsorted(["1e3", "-5", "5.5", "inf", "nan", "-inf"], alg=ns.FLOAT | ns.SIGNED | ns.NANLAST))
print(natsorted([("b", 2), ("a10", 1), ("a9", 3)], key=lambda t: t[0]), natsorted(["x", 3, "2", 1.5, None]))
index = index_natsorted(["v10", "v2", "v1"])
print(index, order_by_index(["v10", "v2", "v1"], index), list(order_by_index([10, 20, 30], index, True)))
key = natsort_keygen(alg=ns.IGNORECASE | ns.FLOAT)
print(key("Item3.5b"), sorted(["I10", "i2.5", "I2"], key=key), os_sorted(["d2", "d10", "D1", "d1.txt"]))
print(natsorted(["café2", "cafe10", "cafe1"], alg=ns.IGNORECASE), as_ascii("naïve"), natsorted(["ⅷ", "5", "ⅳ"]))
