/* The bench's instant connect4 bot: plays the leftmost column that is not full, at once.
   argv[1] is the number of rows, argv[2] `first` or `second` (added by the judge). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    int rows = argc > 1 ? atoi(argv[1]) : 9;
    int height[32] = {0};
    char line[64];
    int my_turn = argc > 2 && strcmp(argv[2], "first") == 0;
    setvbuf(stdout, NULL, _IONBF, 0);
    if (!fgets(line, sizeof line, stdin)) return 0; /* the magic number */
    for (;;) {
        if (my_turn) {
            int c = 0;
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
