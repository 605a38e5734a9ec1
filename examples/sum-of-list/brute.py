"""Reference: the sum, one number at a time."""
import sys

tokens = sys.stdin.read().split()
n = int(tokens[0])
values = [int(t) for t in tokens[1 : 1 + n]]
if len(values) != n:
    sys.exit("fewer numbers than n")
total = 0
for v in values:
    total += v
print(total)
