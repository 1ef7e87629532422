# Checks: __init__, instance attributes, methods, class attributes shared vs instance shadowing.
class Point:
    dims = 2
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def norm2(self):
        return self.x * self.x + self.y * self.y
    def moved(self, dx, dy):
        return Point(self.x + dx, self.y + dy)
p = Point(3, 4)
q = p.moved(1, -1)
print(p.x, p.y, p.norm2(), q.x, q.y, q.norm2(), Point.dims, p.dims)
p.dims = 3
print(p.dims, q.dims, Point.dims)
Point.dims = 5
print(p.dims, q.dims)
p.label = "new attribute"
print(p.label, hasattr(q, "label"), type(p).__name__, isinstance(p, Point))
m = p.norm2
print(m(), Point.norm2(q))
