/* The platform figures' instant connect4 bot, submitted as a student's C program: plays the
   leftmost column that is not full of the default 9 x 9 grid, at once. argv[1] is `first` or
   `second` (the judge's). */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    int height[9] = {0};
    char line[64];
    int my_turn = argc > 1 && strcmp(argv[1], "first") == 0;
    setvbuf(stdout, NULL, _IONBF, 0);
    if (!fgets(line, sizeof line, stdin)) return 0; /* the magic number */
    for (;;) {
        if (my_turn) {
            int c = 0;
            while (c < 8 && height[c] >= 9) c++;
            height[c]++;
            printf("%d\n", c);
        }
        if (!fgets(line, sizeof line, stdin)) return 0;
        int n;
        if (sscanf(line, "%d", &n) != 1 || n >= 9 || n < 0) return 0; /* 10/11/12: the end */
        height[n]++;
        my_turn = 1;
    }
}
