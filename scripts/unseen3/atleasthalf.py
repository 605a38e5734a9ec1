"""Take at least half of the heap (and at least one): n -> m with 0 <= m <= floor(n / 2).
Position: n."""
import sys
sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/../unseen")
from _emit import emit
for line in sys.stdin:
    n = int(line)
    emit(str(m) for m in range(n // 2 + 1)) if n else print("")
