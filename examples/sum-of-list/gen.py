"""Generator: python3 gen.py [MAX_N] SEED prints one input of "sum of a list" (n <= MAX_N,
default 8: small inputs find most bugs and are easy to read)."""
import random
import sys

rng = random.Random(int(sys.argv[-1]))
max_n = int(sys.argv[1]) if len(sys.argv) > 2 else 8
n = rng.randint(1, max_n)
print(n)
print(" ".join(str(rng.randint(0, 1000)) for _ in range(n)))
