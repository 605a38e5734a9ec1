#!/usr/bin/env python3
"""`make bench` (issue 36 part): the scoring box and the perfect opponent.

1. The 3000 x 3000 scoring box of a two-option game: `examples/score/grid.c` (built here with
   `cc -O2`), from (a, b) to (a - 1, b) gaining b or to (a, b - 1) gaining a, run as
   `games explore --score --moves GRID --box 0..3000,0..3000 --max-positions 10000000
   --no-table --at 3000,3000`: median wall time of RUNS runs, CPU time (games and the program,
   user + system) and the peak resident memory of games.
2. `--serve` latency: `games explore --remoteness --game sub:1,3,4 --box 0..100000 --serve`
   answering request-reply round trips from this script (write one line, flush, read one
   line), then the same requests piped at once; requests a second. Then a moves program (a
   Python subtraction game) served with `--stream`: each best move is written as the program
   wrote it, so every request asks the program again through the one session.

Prints a Markdown table. Usage: scripts/bench_score.py   (environment: RUNS, GAMES, SERVE_N)
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
SERVE_N = int(os.environ.get("SERVE_N", "20000"))
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SUB134 = """import sys
for line in sys.stdin:
    n = int(line)
    print(';'.join(str(n - s) for s in (1, 3, 4) if s <= n), flush=True)
"""


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def score_box(grid):
    cmd = [BIN, "explore", "--score", "--moves", grid, "--box", "0..3000,0..3000",
           "--max-positions", "10000000", "--no-table", "--at", "3000,3000"]
    walls, cpus, rss = [], [], 0
    for _ in range(RUNS):
        c0, t0 = children_cpu(), time.perf_counter()
        out = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, capture_output=True, text=True)
        walls.append(time.perf_counter() - t0)
        cpus.append(children_cpu() - c0)
        if out.returncode != 0 or "at 3000 3000: value" not in out.stdout:
            sys.exit(f"bench_score: the scoring box failed: {out.stderr[-500:]}")
        rss = max(rss, int(out.stderr.strip().splitlines()[-1]))
    return statistics.median(walls), statistics.median(cpus), rss


def serve(cmd, requests, label):
    """Round trips one at a time, then all requests piped at once: requests a second."""
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    # The first reply comes once the table is computed: not part of the latency.
    p.stdin.write(requests[0] + "\n")
    p.stdin.flush()
    p.stdout.readline()
    t0 = time.perf_counter()
    for r in requests:
        p.stdin.write(r + "\n")
        p.stdin.flush()
        if not p.stdout.readline():
            sys.exit(f"bench_score: {label}: the server stopped")
    trip = time.perf_counter() - t0
    p.stdin.close()
    p.wait()
    t0 = time.perf_counter()
    start = subprocess.run(cmd, input="\n".join(requests[:1]) + "\n", capture_output=True, text=True)
    setup = time.perf_counter() - t0
    t0 = time.perf_counter()
    out = subprocess.run(cmd, input="\n".join(requests) + "\n", capture_output=True, text=True)
    piped = time.perf_counter() - t0 - setup
    if start.returncode != 0 or out.stdout.count("\n") != len(requests):
        sys.exit(f"bench_score: {label}: {out.stderr[-500:]}")
    return len(requests) / trip, len(requests) / max(piped, 1e-9)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        grid = os.path.join(tmp, "grid")
        subprocess.run(["cc", "-O2", "-o", grid, os.path.join(ROOT, "examples/score/grid.c")],
                       check=True)
        wall, cpu, rss = score_box(grid)
        reqs = [str((i * 7919) % 100001) for i in range(SERVE_N)]
        builtin = [BIN, "explore", "--remoteness", "--game", "sub:1,3,4", "--box", "0..100000",
                   "--serve"]
        b_trip, b_piped = serve(builtin, reqs, "built-in")
        prog = os.path.join(tmp, "sub134.py")
        with open(prog, "w") as f:
            f.write(SUB134)
        moves = [BIN, "explore", "--remoteness", "--moves", f"{sys.executable} {prog}",
                 "--box", "0..10000", "--stream", "--serve"]
        few = [str((i * 7919) % 10001) for i in range(max(SERVE_N // 10, 1))]
        m_trip, m_piped = serve(moves, few, "moves program")
    print(f"| measure | figure |\n|---|---|")
    print(f"| 3000 x 3000 scoring box (9,006,001 positions), wall (median of {RUNS}) | {wall:.2f} s |")
    print(f"| same, CPU of games and the moves program | {cpu:.2f} s |")
    print(f"| same, peak resident memory of games | {rss / 1024:.0f} MiB |")
    print(f"| `--serve` built-in sub:1,3,4, round trips ({len(reqs)}) | {b_trip:,.0f} requests/s |")
    print(f"| same, requests piped at once | {b_piped:,.0f} requests/s |")
    print(f"| `--serve --stream` Python moves program, round trips ({len(few)}) | {m_trip:,.0f} requests/s |")
    print(f"| same, requests piped at once | {m_piped:,.0f} requests/s |")


if __name__ == "__main__":
    main()
