"""Digit Nim: n written in base B (argument); a move lowers one digit by any positive amount
(leading digits may become 0). Position: n."""
import sys
sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/../unseen")  # the shared _emit.py
from _emit import emit
B = int(sys.argv[1])
for line in sys.stdin:
    n = int(line)
    def opts(n=n):
        p, m = 1, n
        while m:
            d = m % B
            for t in range(1, d + 1):
                yield str(n - t * p)
            m //= B
            p *= B
    emit(opts())
