"""Chocolate bar a x b: break it along a grid line and eat one of the two pieces (keep the other).
Position: a b (a, b >= 1); 1 x 1 is terminal."""
import sys
sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/../unseen")  # the shared _emit.py
from _emit import emit
for line in sys.stdin:
    a, b = map(int, line.split())
    def opts(a=a, b=b):
        for i in range(1, a):
            yield f"{i} {b}"
        for j in range(1, b):
            yield f"{a} {j}"
    emit(opts())
