"""Take from a heap of n as many counters as one of the nonzero decimal digits of n. Position: n."""
import sys
for line in sys.stdin:
    n = int(line)
    print(";".join(str(n - d) for d in sorted({int(c) for c in str(n)} - {0})))
