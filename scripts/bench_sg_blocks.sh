#!/usr/bin/env bash
# Block verification of the rare/common engine (src/sg/sparse/block.rs), issue 49: the values
# and the CPU time of `sg_bench` built from this tree against a baseline `sg_bench` (built from
# another commit, e.g. 0336606, in a separate target dir), in alternating runs.
#
# Usage: BASE=/path/to/old/sg_bench scripts/bench_sg_blocks.sh
#   NEW (default target/release/examples/sg_bench), N (default 1000000), RUNS (default 2),
#   CODES (default ".6 .454 .106 .77 .07"), MODES (default "off auto 0 1024 2048": `off` is
#   the default engine, the others `blocks MODE`).
#   OGS: the ogsolve rc2 driver that scripts/bench_sg.py builds (build_ogs; it prints the same
#   FNV-1a hash), run in the same rounds, with the ratio of its CPU time to each mode's.
# For each code it prints the FNV-1a hash of G(0..N) of every binary and mode (all must be
# equal: the script exits 1 otherwise) and the median CPU seconds (user + system) of each.
set -euo pipefail
NEW=${NEW:-target/release/examples/sg_bench}
N=${N:-1000000}
RUNS=${RUNS:-2}
CODES=${CODES:-".6 .454 .106 .77 .07"}
MODES=${MODES:-"off auto 0 1024 2048"}
: "${BASE:?set BASE to a baseline sg_bench binary (e.g. built from commit 0336606)}"
fail=0
echo "load average at start: $(cut -d' ' -f1 /proc/loadavg) (the machine is shared: read CPU seconds)"
for code in $CODES; do
    declare -A cpu=()
    hashes=""
    for ((r = 0; r < RUNS; r++)); do
        for mode in ${OGS:+ogs} base $MODES; do
            case $mode in
                ogs) cmd=("$OGS" "$code" "$((N - 1))") ;;
                base) cmd=("$BASE" "$code" "$N") ;;
                off) cmd=("$NEW" "$code" "$N") ;;
                *) cmd=("$NEW" "$code" "$N" blocks "$mode") ;;
            esac
            out=$( { /usr/bin/time -f "cpu=%U+%S" "${cmd[@]}"; } 2>&1 )
            h=$(grep -o 'fnv=[0-9a-f]*' <<<"$out")
            t=$(grep -o 'cpu=[0-9.+]*' <<<"$out" | cut -d= -f2 | bc)
            cpu[$mode]="${cpu[$mode]:-} $t"
            hashes="$hashes $h"
        done
    done
    distinct=$(tr ' ' '\n' <<<"$hashes" | grep -v '^$' | sort -u | wc -l)
    line="$code G(0..$N): $(tr ' ' '\n' <<<"$hashes" | grep -v '^$' | sort -u | tr '\n' ' ')"
    [ "$distinct" = 1 ] && line="$line(identical)" || { line="$line VALUES DIFFER"; fail=1; }
    echo "$line"
    ogs_med=""
    for mode in ${OGS:+ogs} base $MODES; do
        med=$(tr ' ' '\n' <<<"${cpu[$mode]}" | grep -v '^$' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
        [ "$mode" = ogs ] && ogs_med=$med
        ratio=""
        [ -n "$ogs_med" ] && [ "$mode" != ogs ] && ratio=$(printf '  ogsolve / this: %.2fx' "$(bc -l <<<"$ogs_med / $med")")
        printf '  %-6s median CPU %6.2f s  (runs:%s)%s\n' "$mode" "$med" "${cpu[$mode]}" "$ratio"
    done
    unset cpu
done
echo "load average at end: $(cut -d' ' -f1 /proc/loadavg)"
exit $fail
