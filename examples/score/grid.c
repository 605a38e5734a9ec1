/* A two-option scoring game for `games explore --score` (the 3000 x 3000 benchmark):
 * from (a, b) the mover goes to (a - 1, b) gaining b, or to (a, b - 1) gaining a;
 * the game ends when a coordinate is 0. Build: cc -O2 -o grid examples/score/grid.c */
#include <stdio.h>

int main(void) {
    static char out[1 << 16];
    setvbuf(stdout, out, _IOFBF, sizeof out);
    long a, b;
    while (scanf("%ld %ld", &a, &b) == 2) {
        if (a == 0 || b == 0)
            printf("\n");
        else
            printf("%ld %ld @ %ld; %ld %ld @ %ld\n", a - 1, b, b, a, b - 1, a);
    }
    return 0;
}
