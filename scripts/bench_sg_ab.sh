#!/usr/bin/env bash
# Two `games` binaries alternated on the many-core sg runs (the device is noisy: one round of
# scripts/bench_scaling.sh can be 30 % off): three rounds of `.454` and `.106` to 10^7 and
# Officers `.6` to 10^6, each with OLD -j 16, NEW -j 16, NEW -j 16 with the first-P mode only
# (GAMES_SG_SCAN_FROM=1000000000), OLD -j 2 and NEW -j 2; wall seconds, one line per run.
#
# Usage: OLD=path/to/games NEW=path/to/games scripts/bench_sg_ab.sh
set -u
OLD=${OLD:?set OLD=path/to/the/old/games}
NEW=${NEW:-target/release/games}
t() {
    local s e ms
    s=$(date +%s%N)
    "$@" >/dev/null 2>&1
    e=$(date +%s%N)
    ms=$(((e - s) / 1000000))
    printf '%d.%03d ' $((ms / 1000)) $((ms % 1000))
}
for r in 1 2 3; do
    for c in ".454 10000000" ".106 10000000" ".6 1000000"; do
        set -- $c
        printf '%s %s r%s: old ' "$1" "$2" "$r"
        t "$OLD" sg "$1" --max "$2" -j 16
        printf 'new '
        t "$NEW" sg "$1" --max "$2" -j 16
        printf 'new-noscan '
        GAMES_SG_SCAN_FROM=1000000000 t "$NEW" sg "$1" --max "$2" -j 16
        printf 'old-j2 '
        t "$OLD" sg "$1" --max "$2" -j 2
        printf 'new-j2 '
        t "$NEW" sg "$1" --max "$2" -j 2
        echo
    done
done
