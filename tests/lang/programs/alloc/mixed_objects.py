# Checks: a simulation allocating instances, lists, dicts, tuples and strings with mixed lifetimes, checked by summary values.
# gc-debug: VMSAMPLE_GC_STRESS=61
class Particle:
    def __init__(self, pid, x, v):
        self.pid = pid
        self.x = x
        self.v = v
        self.history = []
    def step(self, dt):
        self.x += self.v * dt
        if self.x < 0 or self.x > 100:
            self.v = -self.v
        self.history.append(round(self.x, 3))
        if len(self.history) > 8:
            self.history = self.history[-4:]
particles = [Particle(i, i * 3.5 % 100, (i % 7 - 3) * 1.25) for i in range(150)]
log = {}
for t in range(120):
    for p in particles:
        p.step(0.5)
    snapshot = tuple(sorted((round(p.x), p.pid) for p in particles[:20]))
    log["t" + str(t % 10)] = snapshot
print(len(log), log["t0"][:3], round(sum(p.x for p in particles), 6), particles[7].history)
