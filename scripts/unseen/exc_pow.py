"""Take 1, 2, 4 or 5 counters; besides, from a heap in a special set take exactly 3.
`python3 exc_pow.py pow4` (n = 4^k, k >= 1) or `python3 exc_pow.py 3x2` (n = 3 * 2^k, k >= 1).
Position: n."""
import sys
kind = sys.argv[1]

def special(n):
    if kind == "pow4":
        if n < 4:
            return False
        while n % 4 == 0:
            n //= 4
        return n == 1
    if n < 6 or n % 3:
        return False
    n //= 3
    return n & (n - 1) == 0

for line in sys.stdin:
    n = int(line)
    takes = [1, 2, 4, 5] + ([3] if special(n) else [])
    print(";".join(str(n - s) for s in takes if s <= n))
