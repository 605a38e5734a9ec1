"""Subtract a non-zero decimal digit of n from n. Position: n."""
import sys
for line in sys.stdin:
    n = int(line)
    print(";".join(str(n - d) for d in sorted({int(c) for c in str(n)}) if d))
