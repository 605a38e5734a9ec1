/* Large game-draw / game-teams inputs (10^7 vertices and beyond), in the shape of
   `games gen` (src/problems/game_draw.rs random_graph): about one vertex in 4 a sink, a path
   over a quarter of the arcs, the other arcs from a random non-sink vertex, 80% of them to a
   smaller vertex, 3% loops, the rest anywhere; arcs shuffled. Repeated arcs are possible.
   usage: gen_big draw N M SEED > file      gen_big teams N M SEED > file   */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
static uint64_t s;
static uint64_t rnd(void) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; }
static uint64_t below(uint64_t n) { return n ? rnd() % n : 0; }
int main(int argc, char **argv) {
    if (argc != 5) return 2;
    int teams = strcmp(argv[1], "teams") == 0;
    uint64_t n = strtoull(argv[2], 0, 10), m = strtoull(argv[3], 0, 10);
    s = strtoull(argv[4], 0, 10) * 0x9E3779B97F4A7C15ull + 1;
    uint32_t *a = malloc(m * 4), *b = malloc(m * 4);
    uint64_t path = m / 4 < n - 1 ? m / 4 : n - 1, shift = below(n), k = 0;
    for (uint64_t i = 0; i < path; i++, k++) { a[k] = (i + 1 + shift) % n; b[k] = (i + shift) % n; }
    while (k < m) {
        uint64_t x = below(n);
        if (x % 4 == 0 && below(10) < 9) continue;
        uint64_t r = below(100), y = r < 80 && x > 0 ? below(x) : r < 83 ? x : below(n);
        a[k] = x; b[k] = y; k++;
    }
    for (uint64_t i = m - 1; i > 0; i--) {
        uint64_t j = below(i + 1), t;
        t = a[i]; a[i] = a[j]; a[j] = t; t = b[i]; b[i] = b[j]; b[j] = t;
    }
    if (teams) printf("1\n");
    printf("%llu %llu\n", (unsigned long long)n, (unsigned long long)m);
    for (uint64_t i = 0; i < m; i++) printf("%u %u\n", a[i] + 1, b[i] + 1);
    if (teams) printf("ABABAB\n010011\n");
    return 0;
}
