"""Shared by the moves programs of scripts/unseen/: write one reply line from an iterator of
options, in chunks, so that a position with very many options streams its reply (games explore
caps what it reads of a far position and stops the program) instead of building it in memory."""
import sys

def emit(options):
    w = sys.stdout.write
    buf = []
    first = True
    for o in options:
        buf.append(o if first else ";" + o)
        first = False
        if len(buf) >= 4096:
            w("".join(buf))
            buf = []
    buf.append("\n")
    w("".join(buf))
