#!/usr/bin/env python3
"""`make bench`: time every problem on judge-size and huge generated inputs against two baselines.

For each problem in `games list` and each size, generate the input once with
`games gen <problem> --size <size> --seed 1` (cached under bench/), then run, RUNS times
(default 7) in rounds whose order rotates (so drift on a shared machine falls on every program
alike):
  - the solver, `games <problem> FILE`;
  - the scan-only baseline, `games scan FILE` (parses every integer and does nothing else);
  - the floor, `scripts/floor.c` built with the system C compiler: read(2) the whole of stdin,
    parse every unsigned integer, XOR them. Skipped, with a note, when no C compiler is found.
Times are CPU seconds (user + system, from wait4's rusage), which a busy machine disturbs far
less than wall time. Each ratio is the median over the rounds of that round's ratio (paired
runs), not a ratio of medians. Peak resident memory comes from one more run under GNU time.

Usage: scripts/bench.py [PROBLEM ...]   (environment: RUNS, GAMES, SIZES, CC)
"""
import os
import platform
import shutil
import statistics
import subprocess
import sys

BIN = os.environ.get("GAMES", "target/release/games")
RUNS = int(os.environ.get("RUNS", "7"))
SIZES = os.environ.get("SIZES", "judge huge").split()
HERE = os.path.dirname(os.path.abspath(__file__))
FLOOR_SRC = os.path.join(HERE, "floor.c")
FLOOR_BIN = os.path.join("bench", "floor")


def build_floor():
    """Compiles scripts/floor.c into bench/floor; None (with a note) without a C compiler."""
    cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if not cc:
        print("bench: no C compiler found, the floor.c column is skipped", file=sys.stderr)
        return None
    if (not os.path.exists(FLOOR_BIN)
            or os.path.getmtime(FLOOR_BIN) < os.path.getmtime(FLOOR_SRC)):
        subprocess.run([cc, "-O2", "-o", FLOOR_BIN, FLOOR_SRC], check=True)
    return FLOOR_BIN


def cpu_run(args, stdin_path=None):
    """Runs args once (stdout discarded); returns its CPU seconds (user + system)."""
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    try:
        proc = subprocess.Popen(args, stdin=stdin, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE)
        # wait4 reaps the child and returns its rusage; the pipe is read afterwards (its
        # content is one line at most on success, far below the pipe's capacity).
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        err = proc.stderr.read()
        proc.stderr.close()
    finally:
        if stdin_path:
            stdin.close()
    if proc.returncode != 0:
        sys.exit(f"bench: {' '.join(args)} failed: {err.decode(errors='replace')}")
    return usage.ru_utime + usage.ru_stime


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


def paired(path, problem, floor):
    """Median CPU times of (solver, scan, floor) and the medians of the per-round ratios
    solver/scan, solver/floor and scan/floor."""
    programs = [([BIN, problem, path], None), ([BIN, "scan", path], None)]
    if floor:
        programs.append(([floor], path))
    times = [[] for _ in programs]
    for r in range(RUNS):
        order = list(range(len(programs)))
        order = order[r % len(order):] + order[:r % len(order)]
        if r % 2:
            order.reverse()
        for k in order:
            times[k].append(max(cpu_run(*programs[k]), 1e-6))
    med = [statistics.median(t) for t in times]
    ratio = lambda a, b: statistics.median(x / y for x, y in zip(times[a], times[b]))
    to_scan = ratio(0, 1)
    to_floor = ratio(0, 2) if floor else None
    scan_floor = ratio(1, 2) if floor else None
    return med, to_scan, to_floor, scan_floor


def main():
    listed = subprocess.check_output([BIN, "list"], text=True).splitlines()
    problems = [line.split()[0] for line in listed]
    if len(sys.argv) > 1:
        problems = [p for p in problems if p in sys.argv[1:]]
    os.makedirs("bench", exist_ok=True)
    floor = build_floor()
    print(f"Machine: {cpu_name()}, {os.cpu_count()} cores; CPU time (user + system), median of "
          f"{RUNS} paired rounds; `games` "
          f"{subprocess.check_output([BIN, '--version'], text=True).split()[-1]}")
    print()
    print("| problem | size | input | solver | scan | floor.c | / scan | / floor | scan / floor "
          "| peak memory |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    na = "n/a"
    for p in problems:
        for size in SIZES:
            path = f"bench/{p}-{size}.in"
            if not os.path.exists(path):
                with open(path + ".tmp", "wb") as f:
                    beyond = ["--beyond-judge"] if size == "huge" else []  # huge is past every judge
                    subprocess.run([BIN, "gen", p, "--size", size, "--seed", "1"] + beyond,
                                   stdout=f, check=True)
                os.replace(path + ".tmp", path)
            nbytes = os.path.getsize(path)
            med, to_scan, to_floor, scan_floor = paired(path, p, floor)
            peak = peak_rss([BIN, p, path])
            memory = f"{peak:.1f} MiB" if peak is not None else na
            floor_ms = f"{med[2] * 1000:.1f} ms" if floor else na
            print(f"| {p} | {size} | {human(nbytes)} | {med[0] * 1000:.1f} ms | "
                  f"{med[1] * 1000:.1f} ms | {floor_ms} | {to_scan:.2f} | "
                  f"{f'{to_floor:.2f}' if floor else na} | "
                  f"{f'{scan_floor:.2f}' if floor else na} | {memory} |", flush=True)


if __name__ == "__main__":
    main()
