"""Two heaps: take 1 or 2 from one heap, or the same positive amount from both.
Position: "a b"."""
import sys
sys.path.insert(0, __file__.rsplit("/", 1)[0])
from _emit import emit
for line in sys.stdin:
    a, b = map(int, line.split())
    def opts(a=a, b=b):
        for k in (1, 2):
            if k <= a:
                yield f"{a - k} {b}"
            if k <= b:
                yield f"{a} {b - k}"
        for k in range(1, min(a, b) + 1):
            yield f"{a - k} {b - k}"
    emit(opts())
