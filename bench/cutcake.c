/* Cutcake (Winning Ways ch. 2) as a `games explore --partizan` moves program: Left cuts a
   w x h cake across its width into a x h + (w-a) x h, Right across its height; a <= w/2 (the
   other cuts are the same options). Every value is an integer: the benchmark of the number
   path (docs/benchmarks.md, "explore --partizan: tables of numbers").
   build: cc -O2 -o cutcake bench/cutcake.c
   run:   games explore --partizan --moves ./cutcake --box 1..500,1..500 --no-table --timeout 600 */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    static char buf[1 << 20];
    setvbuf(stdout, buf, _IOFBF, sizeof buf);
    long w, h;
    while (scanf("%ld %ld", &w, &h) == 2) {
        for (long a = 1; a <= w / 2; a++)
            printf("%s%ld %ld + %ld %ld", a > 1 ? ";" : "", a, h, w - a, h);
        fputs(" | ", stdout);
        for (long b = 1; b <= h / 2; b++)
            printf("%s%ld %ld + %ld %ld", b > 1 ? ";" : "", w, b, w, h - b);
        putchar('\n');
    }
    return 0;
}
