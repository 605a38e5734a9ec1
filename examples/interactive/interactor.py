# Interactor for a take-away game, run by `games test --interactor`:
#   python3 interactor.py INPUT OUTPUT
# INPUT holds one heap size N (a winning start: N mod 7 is not 0 or 2). The solution moves
# first, taking 1, 3 or 4 stones; the player who takes the last stone wins. The jury plays
# perfectly: it asks `games explore --game sub:1,3,4 --remoteness --serve` for its moves (the
# best move: a win if there is one, else the slowest loss).
# Protocol: the interactor writes N; then the solution writes the stones it takes, one line a
# move, and the interactor answers each move (unless it took the last stone) with the stones
# the jury takes. Exit codes (testlib): 0 AC, 1 WA, 2 PE, 3 FAIL.
import os
import subprocess
import sys

def verdict(code, why):
    sys.stderr.write(why + "\n")
    sys.exit(code)

n = int(open(sys.argv[1]).read().split()[0])
games = os.environ.get("GAMES", "games")
jury = subprocess.Popen([games, "explore", "--game", "sub:1,3,4", "--box", f"0..{n}",
                         "--remoteness", "--serve"],
                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
print(n, flush=True)
heap = n
while True:
    line = sys.stdin.readline()
    if not line:
        verdict(2, f"the solution stopped with {heap} stones left")
    try:
        take = int(line)
    except ValueError:
        verdict(2, f"expected a number of stones, got {line.strip()[:40]!r}")
    if take not in (1, 3, 4) or take > heap:
        verdict(1, f"illegal move: take {take} from {heap}")
    heap -= take
    if heap == 0:
        verdict(0, "the solution took the last stone")
    jury.stdin.write(f"{heap}\n")
    jury.stdin.flush()
    reply = jury.stdout.readline().strip()
    if not reply or reply in ("none", "unknown"):
        verdict(3, f"the jury's player answered {reply!r} at {heap}")
    taken = heap - int(reply)
    heap -= taken
    print(taken, flush=True)
    if heap == 0:
        verdict(1, f"the jury took the last stone (start {n})")
