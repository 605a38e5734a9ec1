"""Coins on the bits of n (1 = heads): turn a head at bit j to tails, and optionally turn over
one coin at a lower bit i < j (either way). Position: n."""
import sys
for line in sys.stdin:
    n = int(line)
    out = []
    for j in range(n.bit_length()):
        if n >> j & 1:
            m = n ^ (1 << j)
            out.append(str(m))
            out.extend(str(m ^ (1 << i)) for i in range(j))
    print(";".join(out))
