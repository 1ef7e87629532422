# Checks: LOAD_GLOBAL's inline cache (vm/inline_caches.pxi) never answers
# with a stale value: globals rebound, deleted and re-created, a builtin
# shadowed by a global after a site first found it in the builtins and
# unshadowed again, and the globals dict resized (its entries renumbered)
# while cached sites keep reading.
# gc-debug: VMSAMPLE_NURSERY=4K VMSAMPLE_GC_STRESS=5


def read():
    try:
        return (x, len("abc"))
    except NameError as e:
        return str(e)


x = 1
print(read())
x = 2
print(read())
del x
print(read())
x = 3
print(read())


def len(s):
    return "shadowed"


print(read())
del len
print(read())


def grow():
    global g0, g1, g2, g3, g4, g5, g6, g7, g8, g9, g10, g11, g12, g13, g14, g15, g16, g17, g18, g19, g20, g21, g22, g23, g24, g25, g26, g27, g28, g29, g30, g31, g32, g33, g34, g35, g36, g37, g38, g39, g40, g41, g42, g43, g44, g45, g46, g47, g48, g49, g50, g51, g52, g53, g54, g55, g56, g57, g58, g59
    g0 = 0
    print(read(), g0)
    g1 = 1
    g2 = 2
    g3 = 3
    g4 = 4
    g5 = 5
    g6 = 6
    g7 = 7
    print(read(), g0)
    g8 = 8
    g9 = 9
    g10 = 10
    g11 = 11
    g12 = 12
    g13 = 13
    g14 = 14
    print(read(), g0)
    g15 = 15
    g16 = 16
    g17 = 17
    g18 = 18
    g19 = 19
    g20 = 20
    g21 = 21
    print(read(), g0)
    g22 = 22
    g23 = 23
    g24 = 24
    g25 = 25
    g26 = 26
    g27 = 27
    g28 = 28
    print(read(), g0)
    g29 = 29
    g30 = 30
    g31 = 31
    g32 = 32
    g33 = 33
    g34 = 34
    g35 = 35
    print(read(), g0)
    g36 = 36
    g37 = 37
    g38 = 38
    g39 = 39
    g40 = 40
    g41 = 41
    g42 = 42
    print(read(), g0)
    g43 = 43
    g44 = 44
    g45 = 45
    g46 = 46
    g47 = 47
    g48 = 48
    g49 = 49
    print(read(), g0)
    g50 = 50
    g51 = 51
    g52 = 52
    g53 = 53
    g54 = 54
    g55 = 55
    g56 = 56
    print(read(), g0)
    g57 = 57
    g58 = 58
    g59 = 59


def shrink():
    global g0, g2, g4, g6, g8, g10, g12, g14, g16, g18, g20, g22, g24, g26, g28, g30, g32, g34, g36, g38, g40, g42, g44, g46, g48, g50, g52, g54, g56, g58
    del g0
    del g2
    del g4
    del g6
    del g8
    del g10
    del g12
    del g14
    del g16
    del g18
    del g20
    del g22
    del g24
    del g26
    del g28
    del g30
    del g32
    del g34
    del g36
    del g38
    del g40
    del g42
    del g44
    del g46
    del g48
    del g50
    del g52
    del g54
    del g56
    del g58


grow()
print(read(), g1, g59)
shrink()
x = "after shrink"
print(read(), g1, g59)
grow()
print(read(), g0, g58, g59)
