#!/bin/sh
# A deliberately wrong hdu1846 solution: right everywhere except at the judge's smallest legal
# n (n = 1 is a first-player win: take the stone), which it answers "second".
exec awk 'NR == 1 { next } { n = $1; m = $2; if (n <= 1 || n % (m + 1) == 0) print "second"; else print "first" }'
