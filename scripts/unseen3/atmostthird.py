"""Take at most a third of the heap: remove k counters, 1 <= k <= floor(n / 3). Position: n."""
import sys
sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/../unseen")
from _emit import emit
for line in sys.stdin:
    n = int(line)
    emit(str(n - k) for k in range(1, n // 3 + 1))
