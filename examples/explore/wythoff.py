import sys
for line in sys.stdin:
    a, b = map(int, line.split())
    opts = [f"{a-k} {b}" for k in range(1, a+1)] + [f"{a} {b-k}" for k in range(1, b+1)]
    opts += [f"{a-k} {b-k}" for k in range(1, min(a, b)+1)]
    print(";".join(opts))
