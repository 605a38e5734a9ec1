"""n -> n - 1 or n -> floor(n / 3). Position: n."""
import sys
for line in sys.stdin:
    n = int(line)
    print(";".join(str(m) for m in dict.fromkeys((n - 1, n // 3)) if 0 <= m < n))
