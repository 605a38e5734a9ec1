"""Take a proper divisor: from n, remove d counters where d divides n and d < n (the LeetCode /
Codeforces "divisor game" with Grundy values). Position: n >= 1."""
import sys
sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/../unseen")  # the shared _emit.py
from _nt import divisors
for line in sys.stdin:
    n = int(line)
    print(";".join(str(n - d) for d in sorted(divisors(n)) if d < n) if n >= 1 else "")
    sys.stdout.flush()
