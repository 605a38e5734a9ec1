# A correct solution: leave a heap of 0 or 2 stones modulo 7 (the P-positions of S(1, 3, 4)).
import sys
heap = int(sys.stdin.readline())
while True:
    take = next((t for t in (1, 3, 4) if t <= heap and (heap - t) % 7 in (0, 2)), 1)
    print(take, flush=True)
    heap -= take
    if heap == 0:
        break
    heap -= int(sys.stdin.readline())
