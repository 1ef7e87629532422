# Checks: reversed() of a sequence that is no list or tuple asks for its items one at a time, from
# len - 1 down, and ends on IndexError or StopIteration: a __getitem__ that never raises is bounded by
# __len__ (it hung the VM, which collected the items forward first: test_enumerate's test_gc).
import pickle


class Endless:
    # __getitem__ never raises: only __len__ bounds it
    def __len__(self):
        return 5

    def __getitem__(self, index):
        return index * 10


print(list(reversed(Endless())))
s = Endless()
r = reversed(s)
s.r = r
print(next(r), next(r), list(r), list(r))


class Short:
    # __len__ says more than __getitem__ gives: an IndexError or StopIteration ends it
    def __init__(self, stop_with):
        self.stop_with = stop_with

    def __len__(self):
        return 6

    def __getitem__(self, index):
        if index > 3:
            raise self.stop_with
        return index


print(list(reversed(Short(IndexError))), list(reversed(Short(StopIteration))))


class Raising:
    def __len__(self):
        return 3

    def __getitem__(self, index):
        if index == 1:
            raise KeyError(index)
        return index


r = reversed(Raising())
print(next(r))
try:
    next(r)
except KeyError as e:
    print("KeyError", e)


class NoLen:
    def __getitem__(self, index):
        return index


for bad in (NoLen(), {1, 2}, iter([1])):
    try:
        reversed(bad)
    except TypeError as e:
        print("TypeError", e)

r = reversed(Endless())
next(r)
r2 = pickle.loads(pickle.dumps(r))
print(type(r2).__name__, list(r2))
r.__setstate__(100)
print(list(r))
r = reversed(Endless())
r.__setstate__(2)
print(list(r))
