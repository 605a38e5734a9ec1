"""Two piles (AtCoder "Alice and Brown"): take 2i stones (i >= 1) from one pile, throw i away and
put i on the other pile. Position: x y."""
import sys
sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/../unseen")  # the shared _emit.py
from _emit import emit
for line in sys.stdin:
    x, y = map(int, line.split())
    def opts(x=x, y=y):
        for i in range(1, max(x, y) // 2 + 1):
            if 2 * i <= x:
                yield f"{x - 2 * i} {y + i}"
            if 2 * i <= y:
                yield f"{x + i} {y - 2 * i}"
    emit(opts())
