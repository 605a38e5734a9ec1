#!/usr/bin/env python3
"""`make bench` (explore part): `games explore --moves CMD` against the moves program alone,
`cat positions | CMD > /dev/null`, over the positions explore needed (the box and everything
its options reach, computed here from the same rules). Three games, each a Python moves
program: one whose moves only go down (a 2-heap take game on a box at 0), one with upward
moves (a chain of 2,000 levels above a small box), and a box away from 0 (a subtraction game
on 5000..5100). Then the built-in families (k-heap take games on 301^3, coin-turning to
10^5), computed natively. Explore runs by default (one start per batch) and with --stream. Prints a
Markdown table: median wall time of RUNS runs (default 3) and the ratios to the baseline
(goal: at most 1.3), then the same for CPU time (user + system of games and the program,
steadier than wall time on a shared machine).

Usage: scripts/bench_explore.py   (environment: RUNS, GAMES)
"""
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

BIN = os.environ.get("GAMES", "target/release/games")
RUNS = int(os.environ.get("RUNS", "3"))
PY = sys.executable

DOWN = """import sys
for line in sys.stdin:
    a, b = map(int, line.split())
    o = [f"{a-k} {b}" for k in range(1, a+1)] + [f"{a} {b-k}" for k in range(1, b+1)]
    o += [f"{a-k} {b-k}" for k in range(1, min(a, b)+1)]
    print(";".join(o), flush=True)
"""

UP = """import sys
for line in sys.stdin:
    n = int(line)
    print(";".join(str(n + k) for k in (1, 2, 5) if n < 2000), flush=True)
"""

SUB = """import sys
for line in sys.stdin:
    n = int(line)
    print(";".join(str(n - k) for k in range(1, 21) if n >= k), flush=True)
"""


def needed_down(m):
    return [f"{a} {b}" for a in range(m + 1) for b in range(m + 1)]


def needed_up(top):
    seen, stack = set(range(top + 1)), list(range(top + 1))
    while stack:
        n = stack.pop()
        if n < 2000:
            for k in (1, 2, 5):
                if n + k not in seen:
                    seen.add(n + k)
                    stack.append(n + k)
    return [str(n) for n in sorted(seen)]


GAMES = [
    ("moves go down (take game, box 0..60^2)", DOWN, "0..60,0..60", needed_down(60),
     "1000000,1618034"),
    ("upward moves (chain to 2000, box 0..20)", UP, "0..20", needed_up(20), "1000000000000"),
    ("box away from 0 (subtract 1..20, box 5000..5100)", SUB, "5000..5100",
     [str(n) for n in range(5101)], "1000000000000"),
]


def wall(args, stdin=None):
    """Wall and CPU seconds (the children's user + system time) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(args, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit(f"bench_explore: {' '.join(args)} failed: {proc.stderr.decode(errors='replace')}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return took, cpu


def main():
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, code, box, needed, far in GAMES:
            prog = os.path.join(tmp, "moves.py")
            with open(prog, "w") as f:
                f.write(code)
            positions = os.path.join(tmp, "positions.txt")
            with open(positions, "w") as f:
                f.write("\n".join(needed) + "\n")
            cmd = f"{PY} {prog}"
            base, batch, stream, checked = [], [], [], []
            for _ in range(RUNS):
                base.append(wall(["sh", "-c", f"cat {positions} | {cmd} > /dev/null"]))
                args = [BIN, "explore", "--moves", cmd, "--box", box, "--no-table"]
                batch.append(wall(args))
                stream.append(wall(args + ["--stream"]))
                # One far position asked: the guard's band, its check there and its samples.
                checked.append(wall(args + ["--at", far]))
            rows.append((name, len(needed), base, batch, stream, checked))
    for i, what in enumerate(["wall", "CPU"]):
        print(f"\n{what} time (median of {RUNS}):\n")
        print("| game | positions needed | cat \\| CMD | explore | ratio | explore --stream | ratio "
              "| explore --at FAR (checked) | ratio |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for name, count, base, batch, stream, checked in rows:
            b, e, s, c = (statistics.median(r[i] for r in x)
                          for x in (base, batch, stream, checked))
            print(f"| {name} | {count} | {b:.3f} s | {e:.3f} s | {e / b:.2f} | "
                  f"{s:.3f} s | {s / b:.2f} | {c:.3f} s | {c / b:.2f} |")


# The built-in families (issue 24): the boxes the issue names, computed natively.
FAMILIES = [
    ("same:3:1,2 on 301^3 (outcomes)", ["--game", "same:3:1,2", "--box", "0..300,0..300,0..300"]),
    ("same:3:1,2 on 1000^3 (outcome bits)", ["--game", "same:3:1,2", "--box", "0..999,0..999,0..999"]),
    ("moore:3:2 on 301^3", ["--game", "moore:3:2", "--box", "0..300,0..300,0..300"]),
    ("turning:1-3 (Mock Turtles' code) to 10^5", ["--game", "turning:1-3", "--box", "1..100000"]),
    ("ruler to 10^5", ["--game", "ruler", "--box", "1..100000"]),
]


def families():
    print(f"\nbuilt-in families, whole command with --no-table (median of {RUNS}):\n")
    print("| game and box | wall | CPU | positions per CPU second |")
    print("|---|---:|---:|---:|")
    for name, args in FAMILIES:
        runs = [wall([BIN, "explore", *args, "--no-table"]) for _ in range(RUNS)]
        w, c = statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)
        box = args[args.index("--box") + 1]
        cells = 1
        for part in box.split(","):
            lo, hi = part.split("..")
            cells *= int(hi) - int(lo) + 1
        print(f"| {name} | {w:.2f} s | {c:.2f} s | {cells / max(c, 1e-9):,.0f} |")


if __name__ == "__main__":
    main()
    families()
