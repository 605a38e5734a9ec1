#!/bin/sh
# Generator: sh gen.sh SEED prints one input of "sum of a list" (a linear congruential
# generator on the seed, so that the same seed gives the same input).
x=$(( ${1:-1} % 2147483647 + 1 ))
next() { x=$(( (x * 48271) % 2147483647 )); }
next; n=$(( x % 8 + 1 ))
echo "$n"
line=""
i=0
while [ "$i" -lt "$n" ]; do
    next
    line="$line${line:+ }$(( x % 1001 ))"
    i=$(( i + 1 ))
done
echo "$line"
