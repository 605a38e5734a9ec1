#!/usr/bin/env bash
# `games sg` on many cores: wall seconds of the whole command `games sg CODE --max N -j J` for
# J = 1, 2, 4, 8, 16, side by side (each round runs every J in turn, then the next round), and
# the serial fraction that the run reports (GAMES_SG_TIMING=1: the main thread's CPU time over
# the CPU time of all threads; -j 1 is all serial). Prints markdown tables for
# docs/benchmarks.md.
#
# Needs only bash, coreutils (date, cksum, nproc) and the static binary: no Python, no cargo.
#
# Usage: scripts/bench_scaling.sh
# Environment:
#   GAMES=path/to/games     (default target/release/games)
#   OGSOLVE=path/to/binary  optional: Beling's ogsolve, timed as `ogsolve -m rc2 -n N CODE`,
#                           or the ogs driver of scripts/bench_sg.py (`driver CODE N`: set
#                           OGS_DRIVER=1), once per round beside ours
#   THREADS="1 2 4 8 16"    the -j values
#   ROUNDS=1                rounds (the median of the rounds is printed)
#   FULL=1                  also run Officers .6 to 10^7 with -j 1 and -j 2 (minutes each)
#   QUICK=1                 every bound divided by 100 (a check of the script itself)
# The outputs of all -j values of a case are compared (cksum): a difference is reported.
# About 3 minutes on 16 cores with the defaults.
set -u

GAMES=${GAMES:-target/release/games}
THREADS=${THREADS:-"1 2 4 8 16"}
ROUNDS=${ROUNDS:-1}
FULL=${FULL:-0}
OGSOLVE=${OGSOLVE:-}
OGS_DRIVER=${OGS_DRIVER:-0}
QUICK=${QUICK:-0}

if [ ! -x "$GAMES" ]; then
    echo "bench_scaling: no binary at $GAMES (set GAMES=...)" >&2
    exit 2
fi

# label|code|max|slow (slow: -j 1 and -j 2 only with FULL=1)
CASES=(
    "Officers \`.6\` to 10^6|.6|1000000|0"
    "\`.454\` to 10^7|.454|10000000|0"
    "\`.106\` to 10^7|.106|10000000|0"
    "Officers \`.6\` to 10^7|.6|10000000|1"
)

now_ns() { date +%s%N; }

# Seconds with two decimals from nanoseconds.
secs() {
    local ms=$(($1 / 1000000))
    printf '%d.%02d' $((ms / 1000)) $((ms % 1000 / 10))
}

# The median of numbers given as x.yy (sorted as integers of hundredths).
median() {
    local -a v=()
    local x
    for x in "$@"; do v+=("$((10#${x%.*} * 100 + 10#${x#*.}))"); done
    local -a s
    mapfile -t s < <(printf '%s\n' "${v[@]}" | sort -n)
    local m=${s[$((${#s[@]} / 2))]}
    printf '%d.%02d' $((m / 100)) $((m % 100))
}

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

echo "# games sg scaling"
echo
echo "machine: $(nproc) cores; $(uname -srm); load average at start: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
echo "binary: $GAMES; rounds: $ROUNDS; threads: $THREADS; $(date -u '+%Y-%m-%d %H:%M UTC')"
echo

declare -A WALL SERIAL SUMS
for ((r = 0; r < ROUNDS; r++)); do
    for ci in "${!CASES[@]}"; do
        IFS='|' read -r label code max slow <<<"${CASES[$ci]}"
        [ "$QUICK" = 1 ] && max=$((max / 100))
        if [ -n "$OGSOLVE" ] && [ "$slow" = 0 ]; then
            t0=$(now_ns)
            if [ "$OGS_DRIVER" = 1 ]; then
                "$OGSOLVE" "$code" "$max" >/dev/null 2>&1
            else
                "$OGSOLVE" -m rc2 -n "$max" "$code" >/dev/null 2>&1
            fi
            WALL[$ci,ogs]+="$(secs $(($(now_ns) - t0))) "
        fi
        for j in $THREADS; do
            if [ "$slow" = 1 ] && [ "$FULL" != 1 ] && [ "$j" -le 2 ]; then
                continue
            fi
            t0=$(now_ns)
            GAMES_SG_TIMING=1 "$GAMES" sg "$code" --max "$max" -j "$j" >"$TMP/out" 2>"$TMP/err"
            rc=$?
            t1=$(now_ns)
            if [ $rc -ne 0 ]; then
                echo "bench_scaling: games sg $code --max $max -j $j failed (exit $rc): $(head -c 300 "$TMP/err")" >&2
                exit 1
            fi
            WALL[$ci,$j]+="$(secs $((t1 - t0))) "
            f=$(sed -n 's/.*serial-fraction \([0-9.]*\).*/\1/p' "$TMP/err" | tail -n 1)
            [ "$j" = 1 ] && f=1.000
            SERIAL[$ci,$j]=${f:-?}
            SUMS[$ci]+="$(cksum <"$TMP/out" | cut -d' ' -f1) "
        done
    done
done

header="| run |"
rule="|---|"
if [ -n "$OGSOLVE" ]; then
    header+=" ogsolve |"
    rule+="---:|"
fi
for j in $THREADS; do
    header+=" -j $j |"
    rule+="---:|"
done

echo "Wall seconds of the whole command (median of $ROUNDS):"
echo
echo "$header"
echo "$rule"
for ci in "${!CASES[@]}"; do
    IFS='|' read -r label code max slow <<<"${CASES[$ci]}"
    row="| $label |"
    if [ -n "$OGSOLVE" ]; then
        # shellcheck disable=SC2086
        if [ -n "${WALL[$ci,ogs]:-}" ]; then row+=" $(median ${WALL[$ci,ogs]}) |"; else row+=" — |"; fi
    fi
    for j in $THREADS; do
        # shellcheck disable=SC2086
        if [ -n "${WALL[$ci,$j]:-}" ]; then row+=" $(median ${WALL[$ci,$j]}) |"; else row+=" — |"; fi
    done
    # shellcheck disable=SC2086
    distinct=$(printf '%s\n' ${SUMS[$ci]:-} | sort -u | wc -l)
    [ "$distinct" -gt 1 ] && row+=" OUTPUTS DIFFER"
    echo "$row"
done
echo
echo "Serial fraction (main thread's CPU time / all threads' CPU time, last round; -j 1: all):"
echo
header="| run |"
rule="|---|"
for j in $THREADS; do
    header+=" -j $j |"
    rule+="---:|"
done
echo "$header"
echo "$rule"
for ci in "${!CASES[@]}"; do
    IFS='|' read -r label code max slow <<<"${CASES[$ci]}"
    row="| $label |"
    for j in $THREADS; do row+=" ${SERIAL[$ci,$j]:-—} |"; done
    echo "$row"
done
echo
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
