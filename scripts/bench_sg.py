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

Then the ogsolve comparison (values only, side by side, alternating runs): `.106` and `.454` to
10^7 and Officers `.6` to 10^6, ours with -j 1 and -j 2 (`sg_bench CODE N threads J`) against
ogsolve's rc2 solver. ogsolve's `ogsolve` binary needs clap's derive macros, so the script builds
a few-line driver of its library crate `ogs` (no dependencies; the driver only calls its public
API: `RC2Solver::<true, SolverIterations>::with_capacity(game, n + 1)` taken n + 1 times, which
is what `ogsolve -m rc2 -n N` runs) outside the repository, in OGS_BUILD (default
$TMPDIR/games-ogs-driver), from OGS_SRC (a directory holding the `ogs` crate; default: extracted
from the git mirror OGS_MIRROR, /work/.mirror/beling+impartial-games/repo, when it exists). It is
built twice, plain `cargo build --release` and with RUSTFLAGS="-C target-cpu=native" (which
ogsolve's README recommends); a short calibration run picks the faster of the two. When it cannot
be built the comparison says so and is skipped. CMP_RUNS (default 3) rounds for .106 and .454,
CMP_RUNS_SLOW (default 1) for .6 (about a minute a run); CMP=0 skips the comparison.

Last, the many-core table (scripts/bench_scaling.sh: -j 1 2, or 1 2 4 8 16 on 16 cores or more,
with the serial fraction; SCALING=0 skips it, SCALING_THREADS sets the -j list).

Usage: scripts/bench_sg.py   (environment: RUNS=3, GRUNDY_N, OGSOLVE, OGS_SRC, OGS_MIRROR,
OGS_BUILD, CMP, CMP_RUNS, CMP_RUNS_SLOW, CMP_CASES; CMP_ONLY=1 runs only the comparison)
The last column of the comparison, CPU j1, is ogsolve's CPU seconds over ours with -j 1 (the
figure to read on a shared machine).
"""

import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

RUNS = int(os.environ.get("RUNS", "3"))
GRUNDY_N = int(os.environ.get("GRUNDY_N", str(1 << 20)))
OGSOLVE = os.environ.get("OGSOLVE")
TARGET = os.environ.get("CARGO_TARGET_DIR", "target")
BIN = os.path.join(TARGET, "release", "examples", "sg_bench")
GAMES = os.path.join(TARGET, "release", "games")

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


# The driver of ogsolve's library (our code: it only calls the public API of `ogs`).
DRIVER_MAIN = r"""
use ogs::Solver;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let game: ogs::Game = a[1].parse().expect("game");
    let n: usize = a[2].parse().expect("n");
    let mut s = ogs::RC2Solver::<true, ogs::SolverIterations>::with_capacity(game, n + 1);
    let mut h: u64 = 0xcbf29ce484222325;
    for v in s.by_ref().take(n + 1) {
        h = (h ^ v as u64).wrapping_mul(0x100000001b3);
    }
    println!("values={} fnv={:016x}", n + 1, h);
}
"""

CMP_CASES = [(".106", 10_000_000, False), (".454", 10_000_000, False), (".6", 1_000_000, True)]
if os.environ.get("CMP_CASES"):
    # "CODE:N,CODE:N,...": the cases of issue 49 are
    # .6:1000000,.454:1000000,.106:1000000,.6:10000000,.454:10000000,.106:10000000 (a case of
    # Officers counts as slow: CMP_RUNS_SLOW rounds).
    CMP_CASES = [
        (c, int(n), c == ".6")
        for c, n in (x.split(":") for x in os.environ["CMP_CASES"].split(","))
    ]


def build_ogs():
    """Build the ogs driver (plain and native); returns (path, label) of the faster, or a reason."""
    build = os.environ.get("OGS_BUILD", os.path.join(tempfile.gettempdir(), "games-ogs-driver"))
    src = os.environ.get("OGS_SRC")
    if not src:
        mirror = os.environ.get("OGS_MIRROR", "/work/.mirror/beling+impartial-games/repo")
        if not os.path.isdir(mirror):
            return None, f"no OGS_SRC and no mirror at {mirror}"
        src = os.path.join(build, "src-ogs")
        shutil.rmtree(src, ignore_errors=True)
        os.makedirs(src)
        archive = subprocess.run(
            ["git", f"--git-dir={mirror}", "archive", "HEAD", "ogs"], capture_output=True
        )
        if archive.returncode != 0:
            return None, f"git archive of {mirror} failed"
        subprocess.run(["tar", "-x", "-C", src], input=archive.stdout, check=False)
    crate = src if os.path.isfile(os.path.join(src, "Cargo.toml")) else os.path.join(src, "ogs")
    if not os.path.isfile(os.path.join(crate, "src", "rc2.rs")):
        return None, f"no ogs crate (src/rc2.rs) under {src}"
    proj = os.path.join(build, "driver")
    os.makedirs(os.path.join(proj, "src"), exist_ok=True)
    with open(os.path.join(proj, "Cargo.toml"), "w") as f:
        f.write(
            '[package]\nname = "ogs-driver"\nversion = "0.1.0"\nedition = "2021"\n'
            f'[dependencies]\nogs = {{ path = "{os.path.abspath(crate)}" }}\n'
            '[profile.release]\nlto = "fat"\ncodegen-units = 1\n[workspace]\n'
        )
    with open(os.path.join(proj, "src", "main.rs"), "w") as f:
        f.write(DRIVER_MAIN)
    builds = []
    for label, flags in [("plain", ""), ("target-cpu=native", "-C target-cpu=native")]:
        env = dict(os.environ, RUSTFLAGS=flags, CARGO_TARGET_DIR=os.path.join(build, label))
        out = subprocess.run(
            ["cargo", "build", "--release", "--offline", "--quiet"],
            cwd=proj, env=env, capture_output=True, text=True,
        )
        if out.returncode == 0:
            builds.append((os.path.join(build, label, "release", "ogs-driver"), label))
    if not builds:
        return None, "cargo build of the ogs driver failed (offline, no registry needed)"
    # Calibrate: the faster build on .454 to 10^6.
    best = min(builds, key=lambda b: timed([b[0], ".454", "999999"])[1])
    return best, None


def timed(args):
    """(wall s, CPU s, stdout) of one run."""
    before = cpu()
    start = time.monotonic()
    out = subprocess.run(args, capture_output=True, text=True)
    wall = time.monotonic() - start
    if out.returncode != 0:
        sys.exit(f"bench_sg: {' '.join(args)} failed: {out.stderr}")
    return wall, cpu() - before, out.stdout


def compare():
    if os.environ.get("CMP", "1") == "0":
        return
    print("\nogsolve rc2 comparison (values only; wall and CPU seconds, median; ratio = ogsolve / ours)")
    best, why = build_ogs()
    if best is None:
        print(f"  skipped: {why}")
        return
    ogs, label = best
    print(f"  ogsolve rc2: driver of the ogs crate, {label} build (the faster one here)")
    print(f"  load average at start: {os.getloadavg()[0]:.2f} (2 cores shared: read CPU for -j 1)")
    print(f"  {'case':14} {'ogs wall':>9} {'ogs CPU':>8} {'-j1 wall':>9} {'-j1 CPU':>8} "
          f"{'-j2 wall':>9} {'-j2 CPU':>8} {'ratio j1':>8} {'ratio j2':>8} {'CPU j1':>7}")
    for code, n, slow in CMP_CASES:
        rounds = int(os.environ.get("CMP_RUNS_SLOW" if slow else "CMP_RUNS", "1" if slow else "3"))
        res = {"ogs": [], "j1": [], "j2": [], "cli": []}
        sums = set()
        for _ in range(rounds):
            w, c, o = timed([ogs, code, str(n - 1)])
            res["ogs"].append((w, c))
            sums.add(("ogs", re.search(r"fnv=(\w+)", o).group(1)))
            for j in (1, 2):
                w, c, o = timed([BIN, code, str(n), "threads", str(j)])
                res[f"j{j}"].append((w, c))
                sums.add((f"j{j}", re.search(r"fnv=(\w+)", o).group(1)))
            # The whole command a user types (streaming period detector, verdict, table).
            w, c, o = timed([GAMES, "sg", code, "--max", str(n - 1), "-j", "2"])
            res["cli"].append((w, c))
        same = len({h for _, h in sums}) == 1
        med = {k: (statistics.median(x[0] for x in v), statistics.median(x[1] for x in v))
               for k, v in res.items()}
        print(f"  {code + ' ' + f'{n:.0e}':14} {med['ogs'][0]:>9.2f} {med['ogs'][1]:>8.2f} "
              f"{med['j1'][0]:>9.2f} {med['j1'][1]:>8.2f} {med['j2'][0]:>9.2f} {med['j2'][1]:>8.2f} "
              f"{med['ogs'][0] / med['j1'][0]:>7.2f}x {med['ogs'][0] / med['j2'][0]:>7.2f}x"
              f" {med['ogs'][1] / max(med['j1'][1], 1e-9):>6.2f}x"
              + ("" if same else "  VALUES DIFFER"))
        print(f"  {'':14} whole command `games sg {code} --max {n - 1} -j 2`: {med['cli'][0]:.2f} s wall "
              f"({med['cli'][1]:.2f} CPU), ogsolve / it {med['ogs'][0] / med['cli'][0]:.2f}x")
    print(f"  load average at end: {os.getloadavg()[0]:.2f}; ratios are of wall times "
          "(-j 1 CPU ratio: ogs CPU / -j1 CPU)")


def scaling():
    """The many-core table of issue 30: scripts/bench_scaling.sh (wall seconds of the whole
    command for each -j, side by side, and the serial fraction each run reports), with -j 1 2 4 8
    16 where the machine has 16 cores or more, else -j 1 2; ogsolve's rc2 (the driver built by
    build_ogs) beside it when it builds. SCALING=0 skips it; SCALING_THREADS sets the -j list."""
    if os.environ.get("SCALING", "1") == "0":
        return
    cores = os.cpu_count() or 1
    threads = os.environ.get("SCALING_THREADS", "1 2 4 8 16" if cores >= 16 else "1 2")
    env = dict(os.environ, GAMES=GAMES, THREADS=threads)
    best, _ = build_ogs() if os.environ.get("CMP", "1") != "0" else (None, None)
    if best is not None:
        env.update(OGSOLVE=best[0], OGS_DRIVER="1")
    print("\nscaling (scripts/bench_scaling.sh):")
    sys.stdout.flush()
    subprocess.run(["bash", os.path.join(os.path.dirname(__file__), "bench_scaling.sh")], env=env)


if __name__ == "__main__":
    if os.environ.get("CMP_ONLY") == "1":
        subprocess.run(["cargo", "build", "--release", "--quiet", "--example", "sg_bench"], check=True)
        subprocess.run(["cargo", "build", "--release", "--quiet"], check=True)
    else:
        main()
    compare()
    scaling()
