#!/usr/bin/env python3
"""`make bench` (count part): the two speed goals of `games count`, each run RUNS times (median).

  1. sequences of exactly L = 2*10^5 choices over 2^16 random values below 2^16, mod 998244353
     (goal: under 0.2 s), and the same with --all-lengths;
  2. multisets a <= b <= c <= 10^5 of the subtraction game sub:2,5,7,11 (no closed form: the
     values come from the period its certificate proves), P and N exactly (goal: under 1 s,
     values included), and of sub:2,5,7,11 to 60000 (values from the engine's table).

Wall time of the whole process and its CPU time (user + system: what to read on a busy
machine). The values file is written to a temporary folder with a fixed seed.

Usage: scripts/bench_count.py   (environment: RUNS=5, CARGO_TARGET_DIR)
"""

import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time

RUNS = int(os.environ.get("RUNS", "5"))
TARGET = os.environ.get("CARGO_TARGET_DIR", "target")
GAMES = os.path.join(TARGET, "release", "games")


def cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(args):
    walls, cpus, out = [], [], b""
    for _ in range(RUNS):
        c0, t0 = cpu(), time.perf_counter()
        out = subprocess.run([GAMES] + args, check=True, capture_output=True).stdout
        walls.append(time.perf_counter() - t0)
        cpus.append(cpu() - c0)
    return statistics.median(walls), statistics.median(cpus), out.decode().split()


def main():
    if not os.path.exists(GAMES):
        sys.exit(f"bench_count: {GAMES} not found (run `make build`)")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "values.txt")
        rng = random.Random(28)
        with open(path, "w") as f:
            f.write("".join(f"{rng.randrange(1 << 16)}\n" for _ in range(1 << 16)))
        cases = [
            ("sequences L=2e5 over 2^16 values mod p", 0.2,
             ["count", "--values", path, "--length", "200000", "--mod", "998244353"]),
            ("all lengths 1..2e5 over 2^16 values mod p", 0.2,
             ["count", "--values", path, "--length", "200000", "--all-lengths", "--mod", "998244353"]),
            ("triples a<=b<=c<=1e5 of sub:2,5,7,11", 1.0,
             ["count", "sub:2,5,7,11", "--heaps", "3", "--upto", "100000", "--unordered"]),
            ("triples to 60000 (table) of sub:2,5,7,11", 1.0,
             ["count", "sub:2,5,7,11", "--heaps", "3", "--upto", "60000", "--unordered"]),
        ]
        for label, goal, args in cases:
            wall, cpu_s, out = timed(args)
            print(f"count: {label:45} wall {wall:.3f} s  cpu {cpu_s:.3f} s  (goal {goal} s)  {' '.join(out)}")


if __name__ == "__main__":
    main()
