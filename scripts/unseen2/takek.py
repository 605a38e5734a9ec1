"""Bash game with its parameter in the position: (k, n), take 1..k counters from n."""
import sys
sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/../unseen")  # the shared _emit.py
from _emit import emit
for line in sys.stdin:
    k, n = map(int, line.split())
    emit(f"{k} {n - s}" for s in range(1, min(k, n) + 1))
