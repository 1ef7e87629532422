# Uncaught exception raised inside a generator while a for loop consumes it.
def parse(lines):
    for line in lines:
        yield int(line)
total = 0
for v in parse(["1", "2", "three", "4"]):
    total += v
    print("running total", total)
