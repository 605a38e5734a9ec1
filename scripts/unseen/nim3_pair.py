"""Three heaps: take any positive amount from one heap, or one counter from each of two heaps.
Position: "a b c"."""
import sys
sys.path.insert(0, __file__.rsplit("/", 1)[0])
from _emit import emit
for line in sys.stdin:
    h = list(map(int, line.split()))
    def opts(h=h):
        for i in range(3):
            for j in range(i + 1, 3):
                if h[i] and h[j]:
                    q = h[:]
                    q[i] -= 1
                    q[j] -= 1
                    yield " ".join(map(str, q))
        for i in range(3):
            for k in range(1, h[i] + 1):
                q = h[:]
                q[i] -= k
                yield " ".join(map(str, q))
    emit(opts())
