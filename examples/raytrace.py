"""Ray tracer: spheres on a checkered floor, rendered as ASCII art.

A tiny Whitted-style ray tracer with diffuse shading, shadows and one level
of reflection.  Every vector operation returns a new immutable [Vec] instance,
so the program allocates a torrent of short-lived three-float objects (plus
their boxed floats) from a few small methods -- the classic case where an
allocation profile points straight at the code to optimise -- while the scene
itself is a few long-lived objects.

Usage:  python examples/raytrace.py [WIDTH]
        vmsample run examples/raytrace.py [WIDTH]

WIDTH is the image width in characters (default 120; the height follows).
"""

import math
import sys

SHADES = " .:-=+*#%@"
SUBPIXELS = [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)]


class Vec:
    __slots__ = ("x", "y", "z")

    def __init__(self, x, y, z):
        self.x = x
        self.y = y
        self.z = z

    def __add__(self, other):
        return Vec(self.x + other.x, self.y + other.y, self.z + other.z)

    def __sub__(self, other):
        return Vec(self.x - other.x, self.y - other.y, self.z - other.z)

    def scale(self, k):
        return Vec(self.x * k, self.y * k, self.z * k)

    def dot(self, other):
        return self.x * other.x + self.y * other.y + self.z * other.z

    def norm(self):
        return self.scale(1.0 / math.sqrt(self.dot(self)))


class Sphere:
    def __init__(self, center, radius, brightness, mirror):
        self.center = center
        self.radius = radius
        self.brightness = brightness
        self.mirror = mirror

    def hit(self, origin, direction):
        """Distance along the ray to the nearest intersection, or None."""
        oc = origin - self.center
        b = oc.dot(direction)
        c = oc.dot(oc) - self.radius * self.radius
        disc = b * b - c
        if disc < 0:
            return None
        root = math.sqrt(disc)
        t = -b - root
        if t > 1e-6:
            return t
        t = -b + root
        return t if t > 1e-6 else None

    def normal_at(self, point):
        return (point - self.center).norm()


class Floor:
    """The plane y = -1 with a checkerboard pattern."""
    mirror = 0.0

    def hit(self, origin, direction):
        if direction.y >= -1e-9:
            return None
        t = (-1.0 - origin.y) / direction.y
        return t if t > 1e-6 else None

    def normal_at(self, point):
        return Vec(0.0, 1.0, 0.0)

    def shade_at(self, point):
        return 0.9 if (math.floor(point.x) + math.floor(point.z)) % 2 == 0 else 0.35


LIGHT = Vec(-3.0, 5.0, -2.0)
SCENE = [
    Sphere(Vec(0.0, 0.0, 4.0), 1.0, 0.9, 0.3),
    Sphere(Vec(-1.8, -0.4, 5.0), 0.6, 0.7, 0.0),
    Sphere(Vec(1.6, -0.5, 3.2), 0.5, 1.0, 0.6),
    Floor(),
]


def nearest(origin, direction):
    best_t = None
    best = None
    for obj in SCENE:
        t = obj.hit(origin, direction)
        if t is not None and (best_t is None or t < best_t):
            best_t = t
            best = obj
    return best, best_t


def trace(origin, direction, depth):
    obj, t = nearest(origin, direction)
    if obj is None:
        return 0.05 + 0.1 * max(0.0, direction.y)
    point = origin + direction.scale(t)
    normal = obj.normal_at(point)
    to_light = (LIGHT - point).norm()
    base = obj.shade_at(point) if isinstance(obj, Floor) else obj.brightness
    blocker, _ = nearest(point, to_light)
    diffuse = 0.0 if blocker is not None else max(0.0, normal.dot(to_light))
    color = base * (0.15 + 0.85 * diffuse)
    if depth > 0 and obj.mirror > 0:
        reflected = direction - normal.scale(2 * direction.dot(normal))
        color = color * (1 - obj.mirror) + obj.mirror * trace(point, reflected, depth - 1)
    return color


def render(width):
    height = width * 3 // 8
    eye = Vec(0.0, 0.4, 0.0)
    rows = []
    total = 0.0
    for j in range(height):
        # Characters are about twice as tall as wide: the image spans 4:3.
        y = (1.0 - 2.0 * j / height) * 0.6
        line = []
        for i in range(width):
            # Four rays per character, averaged: smoother edges.
            c = 0.0
            for dx, dy in SUBPIXELS:
                x = (2.0 * (i + dx) / width - 1.0) * 0.8
                direction = Vec(x, y + dy * 1.2 / height, 1.0).norm()
                c += min(1.0, max(0.0, trace(eye, direction, 1)))
            c /= len(SUBPIXELS)
            total += c
            line.append(SHADES[int(c * (len(SHADES) - 1) + 0.5)])
        rows.append("".join(line).rstrip())
    return rows, total


def main(width):
    rows, total = render(width)
    for row in rows:
        print(row)
    print(f"{width}x{len(rows)} pixels, mean brightness {total / (width * len(rows)):.6f}")


if len(sys.argv) > 2 or (len(sys.argv) == 2 and not sys.argv[1].isdigit()):
    raise SystemExit("usage: raytrace.py [WIDTH]")
main(max(8, int(sys.argv[1]) if len(sys.argv) == 2 else 120))
