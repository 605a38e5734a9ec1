#!/usr/bin/env python3
"""`make bench`: time every problem on judge-size and huge generated inputs.

For each problem in `games list` and each size, generate the input once with
`games gen <problem> --size <size> --seed 1` (cached under bench/), run the solver RUNS times
(default 5) and the hidden scan-only baseline (`games scan`, which parses every integer and does
nothing else) as many times on the same bytes, and print one Markdown table: median wall time,
throughput, the ratio to scan-only, and peak resident memory (from wait4's rusage).

Usage: scripts/bench.py [PROBLEM ...]   (environment: RUNS, GAMES, SIZES)
"""
import os
import platform
import statistics
import subprocess
import sys
import time

BIN = os.environ.get("GAMES", "target/release/games")
RUNS = int(os.environ.get("RUNS", "5"))
SIZES = os.environ.get("SIZES", "judge huge").split()


def measure(args):
    """Median wall seconds of RUNS runs of args, and its peak RSS in MiB."""
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        proc = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        times.append(time.perf_counter() - start)
        if proc.returncode != 0:
            sys.exit(f"bench: {' '.join(args)} failed: {proc.stderr.decode(errors='replace')}")
    return statistics.median(times), peak_rss(args)


def peak_rss(args):
    """Peak RSS in MiB, measured by GNU time (a fork of a small process, unlike a fork of this
    Python process, whose own size rusage would report for small children); None without it."""
    if not os.path.exists("/usr/bin/time"):
        return None
    proc = subprocess.run(["/usr/bin/time", "-f", "%M"] + args,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        return int(proc.stderr.strip().splitlines()[-1]) / 1024
    except (ValueError, IndexError):
        return None


def human(n):
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1000:
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1000
    return f"{n:.1f} TB"


def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def main():
    listed = subprocess.check_output([BIN, "list"], text=True).splitlines()
    problems = [line.split()[0] for line in listed]
    if len(sys.argv) > 1:
        problems = [p for p in problems if p in sys.argv[1:]]
    os.makedirs("bench", exist_ok=True)
    print(f"Machine: {cpu_name()}, {os.cpu_count()} cores; median of {RUNS} runs; "
          f"`games` {subprocess.check_output([BIN, '--version'], text=True).split()[-1]}")
    print()
    print("| problem | size | input | median | throughput | scan-only | ratio | peak memory |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for p in problems:
        for size in SIZES:
            path = f"bench/{p}-{size}.in"
            if not os.path.exists(path):
                with open(path + ".tmp", "wb") as f:
                    beyond = ["--beyond-judge"] if size == "huge" else []  # huge is past every judge
                    subprocess.run([BIN, "gen", p, "--size", size, "--seed", "1"] + beyond, stdout=f, check=True)
                os.replace(path + ".tmp", path)
            nbytes = os.path.getsize(path)
            solve, peak = measure([BIN, p, path])
            scan, _ = measure([BIN, "scan", path])
            memory = f"{peak:.1f} MiB" if peak is not None else "n/a"
            print(f"| {p} | {size} | {human(nbytes)} | {solve * 1000:.1f} ms | "
                  f"{human(nbytes / solve)}/s | {scan * 1000:.1f} ms | {solve / scan:.2f} | "
                  f"{memory} |", flush=True)


if __name__ == "__main__":
    main()
