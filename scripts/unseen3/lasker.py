"""Lasker's Nim on one heap: take any positive number of counters, or split the heap into two
non-empty heaps (a sum). Position: n."""
import sys
sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/../unseen")
from _emit import emit
for line in sys.stdin:
    n = int(line)
    def opts(n=n):
        for m in range(n):
            yield str(m)
        for a in range(1, n // 2 + 1):
            yield f"{a} + {n - a}"
    emit(opts())
