# A scoring game for `games explore --score`: a row of numbers A; a position (i, j) is the
# part A[i..j) still on the table; the mover takes the number at either end and scores it.
# Usage: games explore --score --moves 'python3 examples/score/interval.py' --box 0..0,8
import sys
A = [3, 1, 4, 1, 5, 9, 2, 6]
for line in sys.stdin:
    i, j = map(int, line.split())
    if i >= j or j > len(A):
        print()
    elif i + 1 == j:
        print(f"= {A[i]}")
    else:
        print(f"{i + 1} {j} @ {A[i]}; {i} {j - 1} @ {A[j - 1]}")
