# Checks: float formatting with format specs: fixed, exponent, general, percent, width, sign, grouping.
vals = [0.0, 1.0, -1.5, 3.14159265, 2.5, 1234567.891, 1e-7, 6.02214076e23, 0.125]
for v in vals:
    print(f"{v:.2f}|{v:10.3f}|{v:<10.1f}|{v:^12.4e}|{v:g}|{v:+.3g}|{v:e}")
print(f"{0.5:.0f} {1.5:.0f} {2.5:.0f} {3.5:.0f} {-0.5:.0f}")
print(f"{1234567.891:,.2f} {0.256:.1%} {1e6:_.1f} {12.0:08.2f} {-12.0:08.2f}")
print("{:.3}".format(3.14159), "{:10.4}".format(2.0 / 3))
print("%.2f %5.1f %-8.3f| %e %g %G" % (3.14159, 2.25, -1.5, 12345.678, 0.0001, 1e-10))
print(f"{float('inf'):.2f} {float('-inf'):e} {float('nan'):g}")
