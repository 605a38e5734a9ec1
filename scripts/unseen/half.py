"""Take at most half of a heap, rounded up (1 <= k <= (n + 1) / 2). Position: n, or with the
argument 2 two such heaps "a b" (a move in one of them)."""
import sys
sys.path.insert(0, __file__.rsplit("/", 1)[0])
from _emit import emit
two = sys.argv[1:] == ["2"]
for line in sys.stdin:
    xs = list(map(int, line.split()))
    def opts(xs=xs):
        if two:
            a, b = xs
            for k in range(1, (a + 1) // 2 + 1):
                yield f"{a - k} {b}"
            for k in range(1, (b + 1) // 2 + 1):
                yield f"{a} {b - k}"
        else:
            n = xs[0]
            for k in range(1, (n + 1) // 2 + 1):
                yield str(n - k)
    emit(opts())
