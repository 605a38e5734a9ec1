#!/usr/bin/env python3
"""`make bench` (hackenbush-graph part): time `games hackenbush-graph` on a Blue-Red forest of
2*10^5 edges whose values fit 64 bits (random strings of 1..40 edges on the ground: the
fixed-point path), a random Blue-Red tree of 2*10^5 edges (denominators of thousands of bits:
the exact big-dyadic path), and a random green graph of 10^6 edges (a random tree plus random
extra edges: cycles everywhere). Inputs are generated once (seeded) under bench/. Prints the
median wall and CPU time of RUNS runs (default 3).

Usage: scripts/bench_hackenbush.py   (environment: RUNS, GAMES)
"""
import os
import random
import resource
import statistics
import subprocess
import sys
import time

BIN = os.environ.get("GAMES", "target/release/games")
RUNS = int(os.environ.get("RUNS", "3"))


def strings(path, m, rng):
    lines, n = [], 1
    while len(lines) < m:
        below = 0
        for _ in range(min(rng.randint(1, 40), m - len(lines))):
            lines.append(f"{below} {n} {rng.choice('br')}\n")
            below, n = n, n + 1
    write(path, n, lines)


def random_tree(path, m, rng):
    write(path, m + 1, [f"{rng.randrange(v)} {v} {rng.choice('br')}\n" for v in range(1, m + 1)])


def green(path, n, m, rng):
    lines = [f"{rng.randrange(v)} {v}\n" for v in range(1, n)]
    lines += [f"{rng.randrange(n)} {rng.randrange(n)}\n" for _ in range(m - (n - 1))]
    write(path, n, lines)


def write(path, n, lines):
    with open(path, "w") as f:
        f.write(f"{n} {len(lines)}\n")
        f.write("".join(lines))


def run_once(args):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit(f"bench_hackenbush: {' '.join(args)} failed: {proc.stderr.decode(errors='replace')}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, proc.stdout.decode().split("\n")[0]


def main():
    os.makedirs("bench", exist_ok=True)
    rng = random.Random(27)
    cases = [
        ("Blue-Red strings on the ground (fits 64 bits)", "bench/hb-strings.in", lambda p: strings(p, 200_000, rng)),
        ("Blue-Red random tree (big dyadics)", "bench/hb-tree.in", lambda p: random_tree(p, 200_000, rng)),
        ("green random graph", "bench/hb-green.in", lambda p: green(p, 500_000, 1_000_000, rng)),
    ]
    print(f"games hackenbush-graph, median of {RUNS} runs")
    print()
    print("| picture | edges | wall | CPU | value (first 40 characters) |")
    print("|---|---:|---:|---:|---|")
    for name, path, make in cases:
        if not os.path.exists(path):
            make(path)
        with open(path) as f:
            edges = int(f.readline().split()[1])
        runs = [run_once([BIN, "hackenbush-graph", path]) for _ in range(RUNS)]
        wall = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        print(f"| {name} | {edges} | {wall:.3f} s | {cpu:.3f} s | `{runs[0][2][6:46]}` |")


if __name__ == "__main__":
    main()
