#!/bin/sh
# A judge-correct hdu1846 solution that crashes on n = 0 or m = 0 (the judge promises
# 1 <= n, m), as a C solution dividing by m would: message on stderr, exit 136 (SIGFPE's status).
exec awk 'NR == 1 { next }
  { n = $1; m = $2
    if (n == 0 || m == 0) { print "Floating point exception" > "/dev/stderr"; exit 136 }
    if (n % (m + 1) == 0) print "second"; else print "first" }'
