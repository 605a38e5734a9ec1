#!/bin/sh
# The classic floating-point Wythoff test, floor(k * (1 + sqrt 5) / 2) == a, in doubles (awk's
# numbers): right on small piles, wrong on legal judge inputs where k phi is within about 10^-8
# of an integer, such as k = 102334155, a Fibonacci number (see problems/poj1067.md).
exec awk '{ a = $1; b = $2; if (a > b) { t = a; a = b; b = t }
  k = b - a; c = int(k * (1 + sqrt(5)) / 2)
  if (c == a) print "0"; else print "1" }'
