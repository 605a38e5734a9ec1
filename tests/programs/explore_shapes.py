"""A game of each shape the grammar search of `games explore` must find (issue 35).

Usage: python3 explore_shapes.py SHAPE, then the moves protocol of `games explore`: one
position a line on stdin ("n" or "a b"), its options on stdout separated by ";".

Each shape is a closed form f >= 0 with small values. The game: from x, a move goes to w(v)
for every v < f(x), where w(v) is the first position (in the order n = 0, 1, 2, ..., or by
a + b, then a) with f = v. The options' values are then exactly 0..f(x) - 1, so by induction
the Grundy value of x is f(x), and every play ends (f falls at each move). The test computes
f again, independently, in Rust.
"""
import math
import sys

PHI_NUM = 5  # phi = (1 + sqrt 5) / 2


def v2(x):
    return (x & -x).bit_length() - 1


def zeck(x):
    f = [1, 2]
    while f[-1] <= x:
        f.append(f[-1] + f[-2])
    last = 0
    for v in reversed(f):
        if v <= x:
            last, x = v, x - v
    return last


def lt_phi(x, y):
    """x < phi * y, exactly: 2x - y < sqrt(5) y."""
    if y == 0:
        return False
    d = 2 * x - y
    return d < 0 or d * d < 5 * y * y


def geom(x, c, r):
    if x < c or x % c:
        return False
    x //= c
    while x % r == 0:
        x //= r
    return x == 1


SHAPES = {
    # values of a shifted argument: v2(n + 1) + popcount(n)
    "shifted": (1, lambda n: v2(n + 1) + bin(n).count("1")),
    # a 2-D bit formula: popcount(a AND (b + 1))
    "bits2": (2, lambda a, b: bin(a & (b + 1)).count("1")),
    # a double wedge: P exactly when 1/phi < b/a < phi
    "wedge": (2, lambda a, b: 0 if lt_phi(a, b) and lt_phi(b, a) else 1),
    # a Zeckendorf condition: P exactly when b >= the smallest Fibonacci part of a + 1
    "zeck": (2, lambda a, b: 1 if b < zeck(a + 1) else 0),
    # geometric exceptions over a period: 2 at n = 3*2^k, else n mod 2
    "geom": (1, lambda n: 2 if geom(n, 3, 2) else n % 2),
    # a periodic plane with an exceptional first row: 3 on a = 0, else (a + b) mod 3
    "line": (2, lambda a, b: 3 if a == 0 else (a + b) % 3),
}


def positions(k):
    if k == 1:
        n = 0
        while True:
            yield (n,)
            n += 1
    s = 0
    while True:
        for a in range(s + 1):
            yield (a, s - a)
        s += 1


def witnesses(k, f, need):
    found = {}
    for i, p in enumerate(positions(k)):
        v = f(*p)
        if v < need and v not in found:
            found[v] = p
            if len(found) == need:
                return found
        if i > 100000:
            sys.exit("no witness")


def main():
    k, f = SHAPES[sys.argv[1]]
    cache = {}
    for line in sys.stdin:
        x = tuple(int(t) for t in line.split())
        need = f(*x)
        if need not in cache:
            cache[need] = witnesses(k, f, need) if need else {}
        w = cache[need]
        print(";".join(" ".join(map(str, w[v])) for v in range(need)))
        sys.stdout.flush()


main()
