#!/usr/bin/env bash
# Runs every golden sample samples/<problem>/sample-N.in through the release binary and compares
# the output byte for byte with sample-N.out. Prints one line per failure and a summary line.
set -u
bin=${GAMES:-target/release/games}
err=$(mktemp)
trap 'rm -f "$err"' EXIT
passed=0
failed=0
for input in samples/*/*.in; do
  problem=$(basename "$(dirname "$input")")
  expected=${input%.in}.out
  if "$bin" "$problem" "$input" 2>"$err" | cmp -s - "$expected"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL $input: $(head -c 300 "$err")"
  fi
done
echo "check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
