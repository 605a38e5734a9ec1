"""Staircase Nim on three steps: move any positive number of coins from step i down to step
i - 1 (from step 1 they leave the staircase). Position: x1 x2 x3."""
import sys
sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/../unseen")
from _emit import emit
for line in sys.stdin:
    x = list(map(int, line.split()))
    def opts(x=x):
        for i in range(3):
            for t in range(1, x[i] + 1):
                q = list(x); q[i] -= t
                if i:
                    q[i - 1] += t
                yield " ".join(map(str, q))
    emit(opts())
