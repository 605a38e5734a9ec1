"""Take 1 to k counters from a heap of n, k a parameter (position "k n"); with k = 0, take
exactly 1 (the odd first row). Grundy value: n mod 2 when k = 0, else n mod (k + 1)."""
import sys

for line in sys.stdin:
    k, n = map(int, line.split())
    most = 1 if k == 0 else k
    print(";".join(f"{k} {n - j}" for j in range(1, min(most, n) + 1)))
    sys.stdout.flush()
