"""Twins on a row of coins, written as the bits of n (bit j = a head on square j): turn a head at
square j >= 1 to tails and turn exactly one coin on a square i < j (either way). Position: n."""
import sys
for line in sys.stdin:
    n = int(line)
    out = []
    for j in range(1, n.bit_length()):
        if n >> j & 1:
            m = n ^ (1 << j)
            out += [str(m ^ (1 << i)) for i in range(j)]
    print(";".join(out))
