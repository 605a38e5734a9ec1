"""Fraenkel's a-Wythoff with a = 2: take any positive amount from one heap, or k from the
first and l from the second (k, l >= 1) with |k - l| < 2. Position: "a b"."""
import sys
sys.path.insert(0, __file__.rsplit("/", 1)[0])
from _emit import emit
for line in sys.stdin:
    a, b = map(int, line.split())
    def opts(a=a, b=b):
        for k in range(1, a + 1):
            yield f"{a - k} {b}"
        for k in range(1, b + 1):
            yield f"{a} {b - k}"
        for k in range(1, min(a, b) + 1):
            yield f"{a - k} {b - k}"
            if k + 1 <= b:
                yield f"{a - k} {b - k - 1}"
            if k + 1 <= a:
                yield f"{a - k - 1} {b - k}"
    emit(opts())
