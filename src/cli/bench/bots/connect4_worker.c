/* The bench's fixed-work connect4 bot: plays like connect4_instant (the leftmost column that is
   not full), but first computes a fixed amount per move: argv[2] steps of a dependent chain
   (6,000,000: about 8 ms of CPU on a 2020s core). argv[1] is the number of rows, argv[3]
   `first` or `second` (added by the judge). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void work(unsigned long steps) {
    volatile unsigned long x = 1;
    for (unsigned long i = 0; i < steps; i++) x = x * 6364136223846793005UL + 1442695040888963407UL;
}

int main(int argc, char **argv) {
    int rows = argc > 1 ? atoi(argv[1]) : 9;
    unsigned long steps = argc > 2 ? strtoul(argv[2], NULL, 10) : 6000000;
    int height[32] = {0};
    char line[64];
    int my_turn = argc > 3 && strcmp(argv[3], "first") == 0;
    setvbuf(stdout, NULL, _IONBF, 0);
    if (!fgets(line, sizeof line, stdin)) return 0; /* the magic number */
    for (;;) {
        if (my_turn) {
            int c = 0;
            work(steps);
            while (c < 31 && height[c] >= rows) c++;
            height[c]++;
            printf("%d\n", c);
        }
        if (!fgets(line, sizeof line, stdin)) return 0;
        int n;
        if (sscanf(line, "%d", &n) != 1 || n >= 10 || n < 0) return 0; /* 10/11/12: the end */
        height[n]++;
        my_turn = 1;
    }
}
