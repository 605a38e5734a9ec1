#!/usr/bin/env python3
"""Planted subtraction games (issue 34): small moves give the box a period, one large move past
the band breaks it. Counts far answers right / unknown / wrong for each binary given.
Usage: scripts/guard_planted.py BINARY...   (30 games, 20 far positions each at 2*10^4..2*10^5)
"""
import json, random, subprocess, sys
bins = sys.argv[1:]
import os, tempfile
prog = os.path.join(tempfile.mkdtemp(), "sub.py")
open(prog, "w").write("""import sys
sub = [int(s) for s in sys.argv[1].split(',')]
for line in sys.stdin:
    n = int(line)
    print(';'.join(str(n - s) for s in sub if s <= n), flush=True)
""")
def values(sub, n):
    g = [0] * (n + 1)
    for m in range(n + 1):
        o = {g[m - s] for s in sub if s <= m}
        v = 0
        while v in o: v += 1
        g[m] = v
    return g
rng = random.Random(34)
stats = {b: [0, 0, 0] for b in bins}  # right, unknown, wrong
cases = 0
while cases < 30:
    small = [s for s in range(1, 6) if rng.random() < 0.5]
    if not small: continue
    hi = 40 + rng.randrange(41)
    big = hi + (hi + 1) // 4 + 1 + rng.randrange(300)
    sub = small + [big]
    n = 200000
    t = values(sub, n)
    if t == values(small, n): continue
    cases += 1
    asked = [str(20000 + rng.randrange(n - 20000)) for _ in range(20)]
    for b in bins:
        r = subprocess.run([b, "explore", "--moves", f"python3 {prog} {','.join(map(str, sub))}", "--box", f"0..{hi}", "--json", "--at", *asked], capture_output=True)
        rep = json.loads(r.stdout)
        for a in rep["at"]:
            p = a["position"][0]
            if a["value"] is None and a["outcome"] == "?": stats[b][1] += 1
            elif a["value"] == t[p] or (a["value"] is None and (a["outcome"] == "P") == (t[p] == 0)): stats[b][0] += 1
            else: stats[b][2] += 1
for b in bins: print(b, "right", stats[b][0], "unknown", stats[b][1], "wrong", stats[b][2])
