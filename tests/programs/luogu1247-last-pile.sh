#!/bin/sh
# A wrong luogu1247 solution: it prints a winning move from the LAST pile that has one, not the
# first (the statement asks for the smallest pile index). Plain POSIX awk (no xor builtin).
exec awk '
  function xor(a, b,   r, p) {
    r = 0; p = 1
    while (a > 0 || b > 0) { if (a % 2 != b % 2) r += p; a = int(a / 2); b = int(b / 2); p *= 2 }
    return r
  }
  NR == 1 { next }
  { for (i = 1; i <= NF; i++) { a[++n] = $i; x = xor(x, $i) } }
  END {
    if (x == 0) { print "lose"; exit }
    for (i = n; i >= 1; i--) if (xor(a[i], x) < a[i]) { b = i; break }
    t = a[b] - xor(a[b], x); a[b] -= t
    print t " " b
    s = a[1]; for (i = 2; i <= n; i++) s = s " " a[i]
    print s
  }'
