"""Take a positive square number of counters. Position: n."""
import sys
sys.path.insert(0, __file__.rsplit("/", 1)[0])
from _emit import emit
for line in sys.stdin:
    n = int(line)
    def opts(n=n):
        k = 1
        while k * k <= n:
            yield str(n - k * k)
            k += 1
    emit(opts())
