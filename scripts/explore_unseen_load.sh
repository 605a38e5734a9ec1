#!/usr/bin/env bash
# The three held-out sets of `games explore` (scripts/explore_unseen*.py) run twice: quietly,
# then beside one CPU-bound `yes > /dev/null` loop per core; then every JSON report of the
# first run is compared with the second's (`cmp`). The answers must not depend on the load.
#   scripts/explore_unseen_load.sh [BIN] [OUTDIR]    (BIN: target/release/games)
set -u
cd "$(dirname "$0")/.." || exit 2
BIN=$(realpath "${1:-target/release/games}")
OUT=${2:-$(mktemp -d)}
mkdir -p "$OUT"
n=$(nproc 2>/dev/null || echo 2)
for mode in quiet loaded; do
  pids=""
  if [ "$mode" = loaded ]; then
    for _ in $(seq "$n"); do yes > /dev/null & pids="$pids $!"; done
  fi
  echo "$mode: load $(cut -d' ' -f1 /proc/loadavg) at the start" > "$OUT/$mode.txt"
  for s in explore_unseen explore_unseen2 explore_unseen3; do
    python3 "scripts/$s.py" --bin "$BIN" --keep "$OUT/$mode-$s" >> "$OUT/$mode.txt" 2>&1
    echo "$s: exit $?" >> "$OUT/$mode.txt"
  done
  echo "$mode: load $(cut -d' ' -f1 /proc/loadavg) at the end" >> "$OUT/$mode.txt"
  # shellcheck disable=SC2086
  [ -n "$pids" ] && kill $pids
done
total=0; differ=0
for f in "$OUT"/quiet-*/*.json; do
  total=$((total + 1))
  cmp -s "$f" "${f/quiet-/loaded-}" || { differ=$((differ + 1)); echo "differs: $f"; }
done
grep -h "^right:\|: exit\|load" "$OUT/quiet.txt" "$OUT/loaded.txt"
echo "JSON reports: $total, differing between the quiet and the loaded run: $differ (in $OUT)"
[ "$differ" -eq 0 ]
