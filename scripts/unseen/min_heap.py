"""Two heaps: take any positive amount from the smaller heap (either one when they are equal),
or one counter from each. Position: "a b"."""
import sys
sys.path.insert(0, __file__.rsplit("/", 1)[0])
from _emit import emit
for line in sys.stdin:
    a, b = map(int, line.split())
    def opts(a=a, b=b):
        if a and b:
            yield f"{a - 1} {b - 1}"
        if a <= b:
            for k in range(1, a + 1):
                yield f"{a - k} {b}"
        if b <= a:
            for k in range(1, b + 1):
                yield f"{a} {b - k}"
    emit(opts())
