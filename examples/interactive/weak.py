# A deliberately weak solution: takes as many stones as it may (greedy), which loses from
# some winning starts against a perfect jury.
import sys
heap = int(sys.stdin.readline())
while True:
    take = max(t for t in (1, 3, 4) if t <= heap)
    print(take, flush=True)
    heap -= take
    if heap == 0:
        break
    heap -= int(sys.stdin.readline())
