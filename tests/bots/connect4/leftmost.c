/* Connect4 bot: always plays the leftmost column that is not full (assumes the 9x9 default). */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    int height[9] = {0};
    char line[64];
    int my_turn = argc > 1 && strcmp(argv[1], "first") == 0;
    setvbuf(stdout, NULL, _IONBF, 0);
    if (!fgets(line, sizeof line, stdin)) return 0; /* magic number */
    for (;;) {
        if (my_turn) {
            int c = 0;
            while (c < 9 && height[c] >= 9) c++;
            height[c]++;
            printf("%d\n", c);
        }
        if (!fgets(line, sizeof line, stdin)) return 0;
        int n;
        if (sscanf(line, "%d", &n) != 1 || n >= 10) return 0;
        height[n]++;
        my_turn = 1;
    }
}
