# Driver (written for vmsample's corpus) of mpmath: arbitrary-precision arithmetic and special functions.
from mpmath import mp, mpf, mpc, matrix

mp.dps = 40
print(mp.pi, mp.e, mp.sqrt(2), mp.exp(1) ** mp.pi, mp.log(10), mp.zeta(3))
print(mpf(1) / 3, mpf("0.1") + mpf("0.2"), mp.mpf(2) ** 0.5 * mp.mpf(2) ** 0.5, mp.nstr(mp.pi, 10))
print(mp.sin(1), mp.cos(mpf(1) / 7), mp.atan(1) * 4, mp.gamma(mpf("0.5")) ** 2, mp.factorial(30))
print(mp.besselj(0, 2.5), mp.erf(0.5), mp.polylog(2, 0.5), mp.lambertw(1), mp.ellipk(0.5))
print(mp.quad(lambda x: mp.exp(-x ** 2), [-mp.inf, mp.inf]), mp.diff(mp.sin, 0), mp.findroot(mp.cos, 1.5))
print(mp.nsum(lambda k: 1 / k ** 2, [1, mp.inf]), mp.limit(lambda x: mp.sin(x) / x, 0))
z = mpc(1, 2)
print(z * z.conjugate(), mp.sqrt(z), mp.exp(mpc(0, 1) * mp.pi), mp.polyroots([1, 0, -2]), abs(z))
mp.dps = 20
A = matrix([[4, 1], [2, 3]])
print(A * A, mp.det(A), mp.inverse(A), mp.lu_solve(A, matrix([1, 2])))
print(mp.eig(A)[0], mp.taylor(mp.exp, 0, 4), mp.identify(mp.sqrt(2) + 1), mp.fraction(1, 3) * 3)
print(mp.mpf(10) ** 100 + 1 - mp.mpf(10) ** 100, mp.binomial(50, 25), mp.fib(80), mp.bernoulli(12))
mp.dps = 15
