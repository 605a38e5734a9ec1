"""Three heaps: take 1 from the first, 1 or 2 from the second, or 1..3 from the third (one heap a
move). Position: a b c."""
import sys
for line in sys.stdin:
    p = list(map(int, line.split()))
    out = []
    for i, cap in enumerate((1, 2, 3)):
        for s in range(1, cap + 1):
            if s <= p[i]:
                q = list(p)
                q[i] -= s
                out.append(" ".join(map(str, q)))
    print(";".join(out))
