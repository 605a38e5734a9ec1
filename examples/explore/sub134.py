import sys
for line in sys.stdin:
    n = int(line)
    print(";".join(str(n - s) for s in (1, 3, 4) if s <= n))
