#!/usr/bin/env bash
# Builds the seed corpus for fuzz target `solve` from the golden samples: each file is one byte
# naming the problem (its index in `games list`) followed by a sample input.
set -eu
bin=${GAMES:-target/release/games}
out=fuzz/corpus/solve
mkdir -p "$out"
i=0
for name in $("$bin" list | awk '{print $1}'); do
  for f in samples/"$name"/*.in; do
    [ -e "$f" ] || continue
    { printf "\\$(printf '%03o' "$i")"; cat "$f"; } > "$out/$name-$(basename "$f" .in)"
  done
  i=$((i + 1))
done
echo "fuzz corpus: $(ls "$out" | wc -l) files in $out"
