"""A subtraction game: take s counters from a heap of n, s in the set given as arguments
(`python3 sub_set.py 3 8 18 21`). Position: n."""
import sys
S = [int(x) for x in sys.argv[1:]]
for line in sys.stdin:
    n = int(line)
    print(";".join(str(n - s) for s in S if s <= n))
