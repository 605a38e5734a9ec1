#!/usr/bin/env python3
"""`make bench` (Grundy explorer part): values per second of the sparse octal engine.

Builds `examples/sg_bench.rs` in release mode and times, each RUNS times (median reported):
  .156 to 10^7, .106 to 10^7, .16 to its Guy-Smith certificate, Grundy's game 4!.0 to
  GRUNDY_N values (2^20 by default; the issue's target is 2^24, set GRUNDY_N=16777216), and
  Kayles .77 to its certificate (time to certificate).
With OGSOLVE=/path/to/ogsolve (Beling's solver, built separately: it is not part of this
repository) each octal code is also timed with `ogsolve -m rc2 -n N`, alternating with ours.

Usage: scripts/bench_sg.py   (environment: RUNS=3, GRUNDY_N, OGSOLVE)
"""

import os
import re
import statistics
import subprocess
import sys
import time

RUNS = int(os.environ.get("RUNS", "3"))
GRUNDY_N = int(os.environ.get("GRUNDY_N", str(1 << 20)))
OGSOLVE = os.environ.get("OGSOLVE")
BIN = "target/release/examples/sg_bench"

CASES = [
    # (label, code, n, certify, compare with ogsolve)
    (".156 to 10^7", ".156", 10_000_000, False, True),
    (".106 to 10^7", ".106", 10_000_000, False, True),
    (".16 to certificate", ".16", 1 << 22, True, False),
    (f"Grundy 4!.0 to {GRUNDY_N}", "4!.0", GRUNDY_N, False, False),
    ("Kayles .77 to certificate", ".77", 1 << 16, True, False),
]


def ours(code, n, certify):
    args = [BIN, code, str(n)] + (["certify"] if certify else [])
    out = subprocess.run(args, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"bench_sg: {' '.join(args)} failed: {out.stderr}")
    line = out.stdout.strip().splitlines()[0]
    values = int(re.search(r"values=(\d+)", line).group(1))
    # The engine's own clock (process start-up excluded: Kayles takes microseconds).
    secs = float(re.search(r"secs=([0-9.]+)", line).group(1))
    return secs, values, line


def theirs(code, n):
    start = time.perf_counter()
    out = subprocess.run([OGSOLVE, "-m", "rc2", "-n", str(n - 1), code], capture_output=True)
    secs = time.perf_counter() - start
    if out.returncode != 0:
        return None
    return secs


def main():
    subprocess.run(["cargo", "build", "--release", "--quiet", "--example", "sg_bench"], check=True)
    print(f"{'case':32} {'values':>11} {'seconds':>9} {'values/s':>12}  notes")
    for label, code, n, certify, compare in CASES:
        mine, theirs_t, line, values = [], [], "", 0
        for _ in range(RUNS):
            secs, values, line = ours(code, n, certify)
            mine.append(secs)
            if OGSOLVE and compare:
                t = theirs(code, n)
                if t is not None:
                    theirs_t.append(t)
        secs = statistics.median(mine)
        note = ""
        if certify:
            m = re.search(r"n0 = (\d+) period = (\d+)", line)
            note = f"n0 = {m.group(1)}, p = {m.group(2)}" if m else "no certificate"
        if theirs_t:
            t = statistics.median(theirs_t)
            note += f"ogsolve rc2: {t:.3f} s = {n / t:,.0f} values/s"
        print(f"{label:32} {values:>11,} {secs:>9.3f} {values / secs:>12,.0f}  {note}")


if __name__ == "__main__":
    main()
