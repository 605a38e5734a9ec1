"""Euclid's game: from (a, b), both positive, subtract a positive multiple of the smaller
from the larger, leaving it >= 0; a position with a zero has no move. Position: "a b"."""
import sys
sys.path.insert(0, __file__.rsplit("/", 1)[0])
from _emit import emit
for line in sys.stdin:
    a, b = map(int, line.split())
    def opts(a=a, b=b):
        if a == 0 or b == 0:
            return
        if a >= b:
            for k in range(1, a // b + 1):
                yield f"{a - k * b} {b}"
        if b >= a and a != b:
            for k in range(1, b // a + 1):
                yield f"{a} {b - k * a}"
    emit(opts())
