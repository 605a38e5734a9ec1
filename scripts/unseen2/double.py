"""Counting game: a number x and a bound N; a move replaces x by x + 1 or 2x, never above N.
Position: x N (x >= 1)."""
import sys
for line in sys.stdin:
    x, N = map(int, line.split())
    print(";".join(f"{y} {N}" for y in dict.fromkeys((x + 1, 2 * x)) if x < y <= N))
