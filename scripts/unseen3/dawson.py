"""Dawson's Kayles (octal 0.07): remove two adjacent pins from a row of n; what is left is up to
two rows (a sum). Position: n."""
import sys
sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/../unseen")
from _emit import emit
for line in sys.stdin:
    n = int(line)
    def opts(n=n):
        for a in range(0, (n - 2) // 2 + 1):
            b = n - 2 - a
            yield " + ".join(str(x) for x in (a, b) if x) or "()"
    emit(opts() if n >= 2 else iter(()))
