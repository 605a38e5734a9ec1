"""Two heaps: take from one heap at most as many counters as the other heap holds.
Position: "a b"."""
import sys
sys.path.insert(0, __file__.rsplit("/", 1)[0])
from _emit import emit
for line in sys.stdin:
    a, b = map(int, line.split())
    def opts(a=a, b=b):
        m = min(a, b)
        for k in range(1, m + 1):
            yield f"{a - k} {b}"
        for k in range(1, m + 1):
            yield f"{a} {b - k}"
    emit(opts())
