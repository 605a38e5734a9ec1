#!/usr/bin/env bash
# Runs every golden sample samples/<problem>/sample-N.in through the release binary and compares
# the output byte for byte with sample-N.out. Prints one line per failure and a summary line.
#
# The binary: $GAMES if set, else <target directory>/release/games, where the target directory
# is the one cargo uses (`cargo metadata`, so CARGO_TARGET_DIR and build.target-dir count). A
# missing binary, a missing or empty .out, or no sample at all fails loudly (exit 2).
set -u
if [ -n "${GAMES:-}" ]; then
  case $GAMES in
    */*) GAMES=$(cd "$(dirname "$GAMES")" 2>/dev/null && pwd)/$(basename "$GAMES") ;;
    *) GAMES=$(command -v "$GAMES" || echo "$GAMES") ;;
  esac
fi
cd "$(dirname "$0")/.." || exit 2
if [ -z "${GAMES:-}" ]; then
  target=$(${CARGO:-cargo} metadata --format-version 1 --no-deps 2>/dev/null |
    sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
  GAMES=${target:-target}/release/games
fi
if [ ! -x "$GAMES" ]; then
  echo "check: no games binary at $GAMES (run \`make build\`, or set GAMES=/path/to/games)" >&2
  exit 2
fi
err=$(mktemp)
trap 'rm -f "$err"' EXIT
passed=0
failed=0
for input in samples/*/*.in; do
  [ -e "$input" ] || continue
  problem=$(basename "$(dirname "$input")")
  expected=${input%.in}.out
  if [ ! -s "$expected" ]; then
    failed=$((failed + 1))
    echo "FAIL $input: $expected is missing or empty (an empty answer would pass without any program)"
    continue
  fi
  if "$GAMES" "$problem" "$input" 2>"$err" | cmp -s - "$expected"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL $input: $(head -c 300 "$err")"
  fi
done
if [ $((passed + failed)) -eq 0 ]; then
  echo "check: no sample found under samples/" >&2
  exit 2
fi
echo "check: $passed passed, $failed failed ($GAMES)"
[ "$failed" -eq 0 ]
