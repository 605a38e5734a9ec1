"""A parameter family, position "k n": a heap of n and a rule with parameter k.
`python3 param.py one_k`: take 1 or k counters (k >= 2); row k = 0 takes 1, 2 or 3; row k = 1
takes 1. `python3 param.py k_2k`: take k or 2k counters (k >= 1); row k = 0 takes 1."""
import sys
kind = sys.argv[1]
for line in sys.stdin:
    k, n = map(int, line.split())
    if kind == "one_k":
        takes = [1, 2, 3] if k == 0 else sorted({1, k})
    else:
        takes = [1] if k == 0 else [k, 2 * k]
    print(";".join(f"{k} {n - s}" for s in takes if s <= n))
