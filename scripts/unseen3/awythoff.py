"""Wythoff's game with a tolerance A (argument): take any positive number from one heap, or k
from one and l from the other with k, l >= 1 and |k - l| < A. Position: a b."""
import sys
sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/../unseen")
from _emit import emit
A = int(sys.argv[1])
for line in sys.stdin:
    a, b = map(int, line.split())
    def opts(a=a, b=b):
        for x in range(a):
            yield f"{x} {b}"
        for y in range(b):
            yield f"{a} {y}"
        for k in range(1, a + 1):
            for l in range(max(1, k - A + 1), min(b, k + A - 1) + 1):
                yield f"{a - k} {b - l}"
    emit(opts())
