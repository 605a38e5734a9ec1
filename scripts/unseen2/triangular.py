"""Take a triangular number (1, 3, 6, 10, ...). Position: n."""
import sys
sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/../unseen")  # the shared _emit.py
from _emit import emit
for line in sys.stdin:
    n = int(line)
    def opts(n=n):
        k = 1
        while k * (k + 1) // 2 <= n:
            yield str(n - k * (k + 1) // 2)
            k += 1
    emit(opts())
