"""Divide by a factor: from n, go to n / d for a divisor d > 1 of n (the heap becomes one of its
proper divisors; 1 is terminal). Position: n >= 1."""
import sys
sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/../unseen")  # the shared _emit.py
from _nt import divisors
for line in sys.stdin:
    n = int(line)
    print(";".join(str(d) for d in sorted(divisors(n)) if d < n) if n >= 1 else "")
    sys.stdout.flush()
