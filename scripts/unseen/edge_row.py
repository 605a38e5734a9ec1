"""Two heaps: take 1 or 2 from one heap, or one from each; when the first heap is empty, the
second may also be taken whole. Position: "a b"."""
import sys
for line in sys.stdin:
    a, b = map(int, line.split())
    out = [f"{a - k} {b}" for k in (1, 2) if k <= a] + [f"{a} {b - k}" for k in (1, 2) if k <= b]
    if a and b:
        out.append(f"{a - 1} {b - 1}")
    if a == 0 and b > 2:
        out.append("0 0")
    print(";".join(out))
