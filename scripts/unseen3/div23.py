"""n -> floor(n / 2) or floor(n / 3), n >= 1 (whoever reaches 0 wins). Position: n."""
import sys
for line in sys.stdin:
    n = int(line)
    print(";".join(str(m) for m in dict.fromkeys((n // 2, n // 3))) if n else "")
