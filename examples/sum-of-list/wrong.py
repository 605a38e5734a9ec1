"""A wrong solution: the loop stops one number early (range(n - 1) for range(n))."""
import sys

tokens = sys.stdin.read().split()
n = int(tokens[0])
a = [int(t) for t in tokens[1 : 1 + n]]
total = 0
for i in range(n - 1):
    total += a[i]
print(total)
