# Checks: calling classes with *args and **kwargs (CALL_EX) whose __init__ takes keywords, over and over, so that collections happen while the keyword names CALL_EX builds are in use.
class P:
    def __init__(self, x, y=0, **extra):
        self.x, self.y, self.extra = x, y, extra


calls = [((1,), {"y": 2}), ((3, 4), {"z": 5}), ((), {"x": 6, "w": 7})] * 50
made = [P(*args, **kw) for args, kw in calls]
print(sum(p.x + p.y for p in made), made[-1].extra, made[1].extra)


class Failure(Exception):
    def __init__(self, *args, **kw):
        super().__init__(*args)
        self.kw = kw


print([(f.args, f.kw) for f in (Failure(*a, **k) for a, k in [((1,), {"code": 2}), ((), {})] * 3)])
