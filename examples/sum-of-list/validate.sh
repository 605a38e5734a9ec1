#!/bin/sh
# Validator: exit 0 iff stdin is n (1..100), then exactly n integers 0..1000 on one line.
read -r n || exit 1
read -r line || exit 1
case "$n" in ''|*[!0-9]*) exit 1 ;; esac
[ "$n" -ge 1 ] && [ "$n" -le 100 ] || exit 1
count=0
for v in $line; do
    case "$v" in ''|*[!0-9]*) exit 1 ;; esac
    [ "$v" -le 1000 ] || exit 1
    count=$(( count + 1 ))
done
[ "$count" -eq "$n" ] || exit 1
! read -r extra || exit 1
