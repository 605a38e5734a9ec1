#!/usr/bin/env python3
"""`make bench` (graph part): time `games graph` on graphs of 10^6 and 10^7 vertices with twice
as many arcs, acyclic (random ranks, every arc to a higher rank) and cyclic (uniform random
arcs), against the scan-only baseline (`games scan`, parse every integer and nothing else) on
the same file. Inputs are generated once (seeded) under bench/. Prints a Markdown table: median
wall and CPU time of RUNS runs (default 5, runs of the two commands alternating), the ratios,
the largest integer value and the number of inf values, and peak resident memory from GNU time.

Usage: scripts/bench_graph.py [SIZE ...]   (SIZE like 1e6; environment: RUNS, GAMES)
"""
import os
import random
import resource
import statistics
import subprocess
import sys
import time

BIN = os.environ.get("GAMES", "target/release/games")
RUNS = int(os.environ.get("RUNS", "5"))


def generate(path, n, m, acyclic, seed=1):
    """n vertices, m arcs, no positions. Acyclic: arcs go from a lower to a higher rank, the
    ranks a random permutation of the labels (so the input order is no topological order)."""
    rng = random.Random(seed)
    label = list(range(1, n + 1))
    rng.shuffle(label)
    rand = rng.random
    with open(path, "w") as f:
        f.write(f"{n} {m}\n")
        chunk = []
        for _ in range(m):
            if acyclic:
                a = int(rand() * (n - 1))
                # Mostly short arcs (deep graphs, values well above 1), some long ones.
                b = a + 1 + (int(rand() * 16) if rand() < 0.9 else int(rand() * (n - 1 - a)))
                b = min(b, n - 1)
                chunk.append(f"{label[a]} {label[b]}\n")
            else:
                chunk.append(f"{int(rand() * n) + 1} {int(rand() * n) + 1}\n")
            if len(chunk) >= 1 << 16:
                f.write("".join(chunk))
                chunk.clear()
        f.write("".join(chunk))


def run_once(args):
    """Wall seconds and CPU seconds (user + system, from the children's rusage: steadier than
    wall time on a shared machine) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit(f"bench_graph: {' '.join(args)} failed: {proc.stderr.decode(errors='replace')}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def peak_mib(args):
    proc = subprocess.run(["/usr/bin/time", "-v"] + args, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    for line in proc.stderr.splitlines():
        if "Maximum resident set size" in line:
            return int(line.split(":")[1]) / 1024
    return float("nan")


def main():
    sizes = [int(float(s)) for s in (sys.argv[1:] or ["1e6", "1e7"])]
    os.makedirs("bench", exist_ok=True)
    print(f"median of {RUNS} alternating runs (wall time, and CPU time = user + system); "
          "peak memory by /usr/bin/time -v")
    print()
    print("| graph | vertices | arcs | input | scan-only wall / CPU | graph wall / CPU | "
          "ratio wall / CPU | values | peak (scan) | peak (graph) |")
    print("|---|---:|---:|---:|---:|---:|---:|---|---:|---:|")
    for n in sizes:
        for acyclic in (True, False):
            kind = "DAG" if acyclic else "cyclic"
            path = f"bench/graph-{kind}-{n}.in"
            if not os.path.exists(path):
                generate(path, n, 2 * n, acyclic)
            scan, graph = [BIN, "scan", path], [BIN, "graph", path]
            ts, tg = [], []
            for _ in range(RUNS):
                ts.append(run_once(scan))
                tg.append(run_once(graph))
            s, g = statistics.median(t[0] for t in ts), statistics.median(t[0] for t in tg)
            sc, gc = statistics.median(t[1] for t in ts), statistics.median(t[1] for t in tg)
            out = subprocess.run(graph, capture_output=True, text=True).stdout.splitlines()
            values = [l.split()[1] for l in out[1:]]
            top = max((int(v) for v in values if not v.startswith("inf")), default=-1)
            inf = sum(v.startswith("inf") for v in values)
            mb = os.path.getsize(path) / 1e6
            print(f"| {kind} | {n:.0e} | {2 * n:.0e} | {mb:.0f} MB | {s:.2f} s / {sc:.2f} s | "
                  f"{g:.2f} s / {gc:.2f} s | {g / s:.2f} / {gc / sc:.2f} | "
                  f"max {top}, {inf} inf | {peak_mib(scan):.0f} MiB | {peak_mib(graph):.0f} MiB |",
                  flush=True)


if __name__ == "__main__":
    main()
