# Checks: an object of a C module the VM delegates to CPython (select.epoll,
# re's Match) is released when the program drops it, as CPython's reference
# count releases it -- here by the collection gc.collect() runs.  The VM once
# kept every such object for the rest of the run: each epoll object's file
# descriptor stayed open, and each re.Match its own copy of the text it
# searched (json.load of a 140 KB file took 4.7 GB).  Also a tokenizer
# matching one long text at many positions, its matches kept.
# gc-debug: VMSAMPLE_GC_STRESS=61
import gc
import json
import os
import re
import select


def open_fds():
    return len(os.listdir("/proc/self/fd"))


start = open_fds()
for i in range(300):
    ep = select.epoll()
    if i == 0:
        print(type(ep).__name__, ep.closed)
del ep
gc.collect()
print("fds left open:", open_fds() - start)

text = "".join(f"word{i} {i * 7} ; " for i in range(3000)) + "é"
token = re.compile(r"\s*(?:(\d+)|(\w+)|(;))")
pos, matches = 0, []
while True:
    m = token.match(text, pos)
    if m is None or m.end() == pos:
        break
    matches.append(m)
    pos = m.end()
print(len(matches), pos, len(text), matches[-1].group(), matches[123].span(), len(matches[5000].string))
print(sum(1 for m in matches if m.group(1)), sum(1 for m in matches if m.group(3)))

doc = json.dumps([{"n": i, "text": "x" * (i % 50) + "ü", "tags": ["a", "b"]} for i in range(500)])
data = json.loads(doc)
print(len(doc), len(data), data[234], sum(len(d["text"]) for d in data))
