"""Validator: exit 0 iff stdin is n (1..100) on a line, then exactly n integers 0..1000 on a line."""
import re
import sys

text = sys.stdin.read()
if not re.fullmatch(r"(0|[1-9][0-9]*)\n(0|[1-9][0-9]*)( (0|[1-9][0-9]*))*\n", text):
    sys.exit("bad layout: two lines, single spaces, a final newline")
first, second = text.split("\n")[:2]
n, a = int(first), [int(t) for t in second.split()]
if not 1 <= n <= 100:
    sys.exit(f"n = {n} is not within 1..100")
if len(a) != n:
    sys.exit(f"{len(a)} numbers where n = {n}")
if any(not 0 <= v <= 1000 for v in a):
    sys.exit("a number is not within 0..1000")
