"""A right solution."""
import sys

tokens = sys.stdin.read().split()
print(sum(int(t) for t in tokens[1 : 1 + int(tokens[0])]))
