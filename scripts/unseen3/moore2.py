"""Four heaps; a move takes any positive number of counters from one heap or from two heaps
(Moore's Nim with k = 2). Position: a b c d."""
import sys
sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/../unseen")
from _emit import emit
for line in sys.stdin:
    h = list(map(int, line.split()))
    def opts(h=h):
        k = len(h)
        for i in range(k):
            for x in range(h[i]):
                q = list(h); q[i] = x
                yield " ".join(map(str, q))
        for i in range(k):
            for j in range(i + 1, k):
                for x in range(h[i]):
                    for y in range(h[j]):
                        q = list(h); q[i] = x; q[j] = y
                        yield " ".join(map(str, q))
    emit(opts())
