# Checks: code objects' constants stay valid across many collections -- those of a module imported
# mid-run (loaded while collections run), read before and after the collections that follow.
junk = [[i, float(i)] for i in range(200)]
from _support import constants
inner = constants.outer()
print(constants.BIG, constants.RATIO, constants.TABLE)
for round in range(3):
    junk = [(i, str(i), [i * 0.5]) for i in range(300)]
    print(inner(round), constants.more(2))
print(sum(x[0] for x in junk), constants.TABLE[2][0] % 97, inner(5)[1] - 2 ** 90)
