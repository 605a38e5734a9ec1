"""A subtraction game: take s in the set given as arguments, or with the argument `pow2` a power
of two (1, 2, 4, ...). Position: n."""
import sys
args = sys.argv[1:]
for line in sys.stdin:
    n = int(line)
    if args == ["pow2"]:
        S = [1 << j for j in range(n.bit_length())]
    else:
        S = [int(x) for x in args]
    print(";".join(str(n - s) for s in S if s <= n))
