"""Two heaps: remove i from the first and j from the second, 0 <= i, j <= 2, i + j >= 1 (a king
that moves 1 or 2 squares down/left/diagonally, possibly unevenly). Position: a b."""
import sys
for line in sys.stdin:
    a, b = map(int, line.split())
    print(";".join(f"{a - i} {b - j}" for i in range(3) for j in range(3)
                   if (i or j) and i <= a and j <= b))
