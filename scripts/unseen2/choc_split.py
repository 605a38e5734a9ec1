"""Chocolate bar a x b: break one piece along a grid line into two pieces, both kept (a sum);
whoever cannot break (only 1 x 1 pieces) loses. Position: a b (a, b >= 1)."""
import sys
sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/../unseen")  # the shared _emit.py
from _emit import emit
for line in sys.stdin:
    a, b = map(int, line.split())
    def opts(a=a, b=b):
        for i in range(1, a // 2 + 1):
            yield f"{i} {b} + {a - i} {b}"
        for j in range(1, b // 2 + 1):
            yield f"{a} {j} + {a} {b - j}"
    emit(opts())
