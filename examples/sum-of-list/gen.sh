#!/bin/sh
# Generator: sh gen.sh [MAX_N] SEED prints one input of "sum of a list" with n <= MAX_N
# (default 8), from a linear congruential generator on the seed: the same seed, the same input.
if [ $# -ge 2 ]; then max_n=$1; seed=$2; else max_n=8; seed=${1:-1}; fi
x=$(( seed % 2147483646 + 1 ))
next() { x=$(( (x * 48271) % 2147483647 )); }
next; n=$(( x % max_n + 1 ))
echo "$n"
line=""
i=0
while [ "$i" -lt "$n" ]; do
    next
    line="$line${line:+ }$(( x % 1001 ))"
    i=$(( i + 1 ))
done
echo "$line"
