"""N-body: a planetary simulation in boxed floats.

The five Jovian planets (the Benchmarks Game's n-body problem), integrated
with a symplectic Euler step.  The bodies are a handful of long-lived
instances; every arithmetic operation allocates a fresh float that dies at
once, so the allocation profile is dominated by one small type from a few
lines in [advance] -- exactly what an allocation profiler should point at.

Usage:  python examples/nbody.py [STEPS]
        vmsample run examples/nbody.py [STEPS]

STEPS defaults to 100000.  Prints the system's energy before and after.
"""

import math
import sys

PI = math.pi
SOLAR_MASS = 4 * PI * PI
DAYS_PER_YEAR = 365.24


class Body:
    __slots__ = ("name", "x", "y", "z", "vx", "vy", "vz", "mass")

    def __init__(self, name, x, y, z, vx, vy, vz, mass):
        self.name = name
        self.x, self.y, self.z = x, y, z
        self.vx = vx * DAYS_PER_YEAR
        self.vy = vy * DAYS_PER_YEAR
        self.vz = vz * DAYS_PER_YEAR
        self.mass = mass * SOLAR_MASS


def make_system():
    return [
        Body("sun", 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0),
        Body("jupiter", 4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01,
             1.66007664274403694e-03, 7.69901118419740425e-03, -6.90460016972063023e-05,
             9.54791938424326609e-04),
        Body("saturn", 8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01,
             -2.76742510726862411e-03, 4.99852801234917238e-03, 2.30417297573763929e-05,
             2.85885980666130812e-04),
        Body("uranus", 1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01,
             2.96460137564761618e-03, 2.37847173959480950e-03, -2.96589568540237556e-05,
             4.36624404335156298e-05),
        Body("neptune", 1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01,
             2.68067772490389322e-03, 1.62824170038242295e-03, -9.51592254519715870e-05,
             5.15138902046611451e-05),
    ]


def offset_momentum(bodies):
    px = py = pz = 0.0
    for b in bodies:
        px += b.vx * b.mass
        py += b.vy * b.mass
        pz += b.vz * b.mass
    sun = bodies[0]
    sun.vx = -px / SOLAR_MASS
    sun.vy = -py / SOLAR_MASS
    sun.vz = -pz / SOLAR_MASS


def pairs_of(bodies):
    return [(bodies[i], bodies[j]) for i in range(len(bodies)) for j in range(i + 1, len(bodies))]


def advance(pairs, bodies, dt, steps):
    for _ in range(steps):
        for b1, b2 in pairs:
            dx = b1.x - b2.x
            dy = b1.y - b2.y
            dz = b1.z - b2.z
            dist2 = dx * dx + dy * dy + dz * dz
            mag = dt / (dist2 * math.sqrt(dist2))
            m1 = b1.mass * mag
            m2 = b2.mass * mag
            b1.vx -= dx * m2
            b1.vy -= dy * m2
            b1.vz -= dz * m2
            b2.vx += dx * m1
            b2.vy += dy * m1
            b2.vz += dz * m1
        for b in bodies:
            b.x += dt * b.vx
            b.y += dt * b.vy
            b.z += dt * b.vz


def energy(pairs, bodies):
    e = 0.0
    for b1, b2 in pairs:
        dx = b1.x - b2.x
        dy = b1.y - b2.y
        dz = b1.z - b2.z
        e -= (b1.mass * b2.mass) / math.sqrt(dx * dx + dy * dy + dz * dz)
    for b in bodies:
        e += 0.5 * b.mass * (b.vx * b.vx + b.vy * b.vy + b.vz * b.vz)
    return e


def main(steps):
    bodies = make_system()
    pairs = pairs_of(bodies)
    offset_momentum(bodies)
    print(f"{energy(pairs, bodies):.9f}")
    advance(pairs, bodies, 0.01, steps)
    print(f"{energy(pairs, bodies):.9f}")
    for b in bodies[1:]:
        print(f"{b.name:8} distance from origin {math.sqrt(b.x * b.x + b.y * b.y + b.z * b.z):.6f}")


if len(sys.argv) > 2 or (len(sys.argv) == 2 and not sys.argv[1].isdigit()):
    raise SystemExit("usage: nbody.py [STEPS]")
main(int(sys.argv[1]) if len(sys.argv) == 2 else 100000)
