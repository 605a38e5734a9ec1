"""Take 2^j counters from a heap of n where 2^j divides n. Position: n."""
import sys
for line in sys.stdin:
    n = int(line)
    out = []
    j = 1
    while n and n % j == 0:
        out.append(str(n - j))
        j *= 2
    print(";".join(out))
