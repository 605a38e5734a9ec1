#!/bin/sh
# A wrong solution: the loop stops one number early.
read -r n
read -r line
total=0
i=1
for v in $line; do
    [ "$i" -lt "$n" ] && total=$(( total + v ))
    i=$(( i + 1 ))
done
echo "$total"
