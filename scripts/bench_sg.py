#!/usr/bin/env python3
"""`make bench` (Grundy explorer part): values per second of the sparse octal engine.

Builds `examples/sg_bench.rs` in release mode and times, each RUNS times (median reported):
  .156 to 10^7, .106 to 10^7, .16 to its Guy-Smith certificate, .454 to 10^7, Grundy's game 4!.0 to
  GRUNDY_N values (2^20 by default; the issue's target is 2^24, set GRUNDY_N=16777216), and
  Kayles .77 to its certificate (time to certificate). Wall time is the engine's own clock
  (process start-up excluded); CPU time is the child's user + system time, which is what to
  read on a busy machine (values/CPU s; for runs under 10 ms the wall clock is used).
With OGSOLVE=/path/to/ogsolve (Beling's solver, built separately: it is not part of this
repository) each octal code is also timed with `ogsolve -m rc2 -n N`, alternating with ours.

Usage: scripts/bench_sg.py   (environment: RUNS=3, GRUNDY_N, OGSOLVE)
"""

import os
import re
import resource
import statistics
import subprocess
import sys

RUNS = int(os.environ.get("RUNS", "3"))
GRUNDY_N = int(os.environ.get("GRUNDY_N", str(1 << 20)))
OGSOLVE = os.environ.get("OGSOLVE")
BIN = "target/release/examples/sg_bench"

CASES = [
    # (label, code, n, certify, compare with ogsolve)
    (".156 to 10^7", ".156", 10_000_000, False, True),
    (".106 to 10^7", ".106", 10_000_000, False, True),
    (".16 to certificate", ".16", 1 << 22, True, False),
    (".454 to 10^7", ".454", 10_000_000, False, True),
    (f"Grundy 4!.0 to {GRUNDY_N}", "4!.0", GRUNDY_N, False, False),
    ("Kayles .77 to certificate", ".77", 1 << 16, True, False),
]


def cpu():
    """User + system CPU seconds of all finished children (robust when the machine is busy)."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def ours(code, n, certify):
    args = [BIN, code, str(n)] + (["certify"] if certify else [])
    before = cpu()
    out = subprocess.run(args, capture_output=True, text=True)
    cpu_secs = cpu() - before
    if out.returncode != 0:
        sys.exit(f"bench_sg: {' '.join(args)} failed: {out.stderr}")
    line = out.stdout.strip().splitlines()[0]
    values = int(re.search(r"values=(\d+)", line).group(1))
    # The engine's own clock (process start-up excluded: Kayles takes microseconds).
    secs = float(re.search(r"secs=([0-9.]+)", line).group(1))
    return secs, cpu_secs, values, line


def theirs(code, n):
    before = cpu()
    out = subprocess.run([OGSOLVE, "-m", "rc2", "-n", str(n - 1), code], capture_output=True)
    if out.returncode != 0:
        return None
    return cpu() - before


def main():
    subprocess.run(["cargo", "build", "--release", "--quiet", "--example", "sg_bench"], check=True)
    print(f"{'case':30} {'values':>11} {'wall s':>9} {'CPU s':>8} {'values/CPU s':>13}  notes")
    for label, code, n, certify, compare in CASES:
        mine, mine_cpu, theirs_t, line, values = [], [], [], "", 0
        for _ in range(RUNS):
            secs, cpu_secs, values, line = ours(code, n, certify)
            mine.append(secs)
            mine_cpu.append(cpu_secs)
            if OGSOLVE and compare:
                t = theirs(code, n)
                if t is not None:
                    theirs_t.append(t)
        secs = statistics.median(mine)
        cpu_secs = max(statistics.median(mine_cpu), 1e-6)
        note = ""
        if certify:
            m = re.search(r"n0 = (\d+) period = (\d+)", line)
            note = f"n0 = {m.group(1)}, p = {m.group(2)}" if m else "no certificate"
        if theirs_t:
            t = statistics.median(theirs_t)
            note += f"ogsolve rc2: {t:.3f} CPU s = {n / t:,.0f} values/CPU s"
        rate = values / cpu_secs if cpu_secs > 0.01 else values / max(secs, 1e-9)
        print(f"{label:30} {values:>11,} {secs:>9.3f} {cpu_secs:>8.3f} {rate:>13,.0f}  {note}")


if __name__ == "__main__":
    main()
