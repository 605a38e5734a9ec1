#!/bin/sh
# Reference: the sum, one number at a time.
read -r n || exit 1
read -r line || exit 1
total=0
count=0
for v in $line; do
    total=$(( total + v ))
    count=$(( count + 1 ))
done
[ "$count" -eq "$n" ] || exit 1
echo "$total"
