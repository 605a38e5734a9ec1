#!/usr/bin/env bash
# `make test`, what CI runs: every cargo test with --no-fail-fast (one failing test hides no
# other), then the golden samples through the release binary (`make check`), then rustfmt and
# clippy (`make lint`). Every part runs whatever became of the ones before it; the failing tests
# are listed by name, and the last line sums everything up:
#   make test: 612 passed, 0 failed, 5 ignored; samples ok; lint ok (in 301 s)
# Exit 0 only when every part passed.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
CARGO=${CARGO:-cargo}
MAKE=${MAKE:-make}
start=$(date +%s)
log=$(mktemp)
trap 'rm -f "$log"' EXIT

$CARGO test --no-fail-fast 2>&1 | tee "$log"
cargo_rc=${PIPESTATUS[0]}
# "test result: ok. 3 passed; 0 failed; 1 ignored; ..." once per test binary (and doc tests).
read -r passed failed ignored < <(awk '/^test result:/ {
    for (i = 1; i <= NF; i++) {
      if ($(i + 1) ~ /^passed/) p += $i
      if ($(i + 1) ~ /^failed/) f += $i
      if ($(i + 1) ~ /^ignored/) g += $i
    }
  } END { print p + 0, f + 0, g + 0 }' "$log")
failing=$(sed -n 's/^test \(.*\) \.\.\. FAILED$/\1/p' "$log")

$MAKE --no-print-directory check
check_rc=$?
$MAKE --no-print-directory lint
lint_rc=$?

if [ -n "$failing" ]; then
  echo "failing tests:"
  printf '  %s\n' $failing
fi
tests="$passed passed, $failed failed, $ignored ignored"
if [ "$cargo_rc" -ne 0 ] && [ "$failed" -eq 0 ]; then
  tests="$tests (cargo test exited $cargo_rc: a build error?)"
fi
samples=ok
[ "$check_rc" -eq 0 ] || samples="FAILED"
lint=ok
[ "$lint_rc" -eq 0 ] || lint="FAILED"
echo "make test: $tests; samples $samples; lint $lint (in $(( $(date +%s) - start )) s)"
[ "$cargo_rc" -eq 0 ] && [ "$check_rc" -eq 0 ] && [ "$lint_rc" -eq 0 ]
