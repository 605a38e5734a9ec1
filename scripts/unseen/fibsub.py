"""Take a Fibonacci number of counters (1, 2, 3, 5, 8, ...). Position: n."""
import sys
for line in sys.stdin:
    n = int(line)
    out, a, b = [], 1, 2
    while a <= n:
        out.append(str(n - a))
        a, b = b, a + b
    print(";".join(out))
