"""Two heaps, a move in one: heap a takes 1..3 counters, heap b takes a power of two. Position: a b."""
import sys
for line in sys.stdin:
    a, b = map(int, line.split())
    out = [f"{a - s} {b}" for s in (1, 2, 3) if s <= a]
    out += [f"{a} {b - (1 << j)}" for j in range(b.bit_length())]
    print(";".join(out))
