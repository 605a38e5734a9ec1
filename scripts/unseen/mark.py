"""Mark: from n go to n - 1 or to floor(n / 2) (n >= 1). Position: n."""
import sys
for line in sys.stdin:
    n = int(line)
    print(";".join(str(x) for x in sorted({n - 1, n // 2}) if 0 <= x < n) if n else "")
