#!/bin/sh
# The grammar search of `games explore` on the largest boxes (docs/benchmarks.md, issue 35):
# the whole command for each shape, wall and user time and peak memory, one run each.
# Usage: scripts/bench_grammar.sh [BINARY]   (default target/release/games)
B=${1:-target/release/games}
run() {
    /usr/bin/time -f "%e s wall, %U s user, %M KB" "$B" explore "$@" --no-table 2>&1 |
        grep -E "^1\. |wall" | cut -c1-200
}
run --moves 'python3 tests/programs/explore_shapes.py bits2' --box 0..99,0..99
run --moves 'python3 tests/programs/explore_shapes.py wedge' --box 0..99,0..99
run --moves 'python3 tests/programs/explore_shapes.py line' --box 0..99,0..99
run --game wythoff --box 0..99,0..99
run --moves 'python3 tests/programs/explore_shapes.py geom' --box 0..999
run --game turning:4SF --box 1..1000
