"""Fibonacci nim: a heap of n and a limit m; take k counters, 1 <= k <= min(m, n), and the
next player's limit is 2k. (A game starts at (n, n - 1).) Position: "n m"."""
import sys
sys.path.insert(0, __file__.rsplit("/", 1)[0])
from _emit import emit
for line in sys.stdin:
    n, m = map(int, line.split())
    emit(f"{n - k} {2 * k}" for k in range(1, min(m, n) + 1))
