# Checks: printf-style % formatting: %s %r %d %i %f %e %g %x %o %c %%, widths, flags, tuples and dicts.
print("%s and %s" % ("spam", "eggs"), "%d items" % 3, "%5d|%-5d|%05d" % (42, 42, 42))
print("%r %s" % ("q", "q"), "%x %X %o %#x %#o" % (255, 255, 8, 255, 8), "%c%c" % (72, "i"))
print("%.3f %10.2f %-10.2f| %+d %+d % d" % (3.14159, 2.5, 2.5, 5, -5, 7))
print("%e %.2e %g %g %g" % (1234.5, 0.000123, 1e-5, 123456789.0, 0.5))
print("100%% sure" % (), "%s" % [1, 2], "%s" % (None,), "%s" % ((1, 2),), "%d%%" % 50)
print("%(name)s is %(age)d" % {"name": "Ann", "age": 30})
print("%*d|%-*s|" % (6, 12, 4, "ab"), "%.2s" % "abcdef", "%5.1s|" % "xyz")
print("%d" % 3.99, "%i" % -2.5, "%s %s" % (1.0, 1e20), "%r" % 0.1)
try:
    print("%d %d" % (1,))
except TypeError as e:
    print("TypeError:", e)
