/* Connect4 bot (9x9, four in a row): wins when it can, blocks the opponent's win, never plays
   under the opponent's winning cell, and otherwise takes the column nearest the centre. */
#include <stdio.h>
#include <string.h>

#define N 9
static int grid[N][N]; /* grid[col][row], 0 empty, 1 me, 2 opponent */
static int height[N];

static int wins(int who, int c) {
    int r = height[c];
    if (r >= N) return 0;
    static const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (int d = 0; d < 4; d++) {
        int count = 1;
        for (int s = -1; s <= 1; s += 2) {
            int x = c + s * dirs[d][0], y = r + s * dirs[d][1];
            while (x >= 0 && x < N && y >= 0 && y < N && grid[x][y] == who) {
                count++;
                x += s * dirs[d][0];
                y += s * dirs[d][1];
            }
        }
        if (count >= 4) return 1;
    }
    return 0;
}

static int choose(void) {
    static const int order[N] = {4, 3, 5, 2, 6, 1, 7, 0, 8};
    for (int c = 0; c < N; c++) if (wins(1, c)) return c;
    for (int c = 0; c < N; c++) if (wins(2, c)) return c;
    for (int i = 0; i < N; i++) {
        int c = order[i];
        if (height[c] >= N) continue;
        grid[c][height[c]++] = 1;
        int gives = wins(2, c);
        grid[c][--height[c]] = 0;
        if (!gives) return c;
    }
    for (int i = 0; i < N; i++) if (height[order[i]] < N) return order[i];
    return 0;
}

int main(int argc, char **argv) {
    char line[64];
    int my_turn = argc > 1 && strcmp(argv[1], "first") == 0;
    setvbuf(stdout, NULL, _IONBF, 0);
    if (!fgets(line, sizeof line, stdin)) return 0; /* magic number */
    for (;;) {
        if (my_turn) {
            int c = choose();
            grid[c][height[c]++] = 1;
            printf("%d\n", c);
        }
        if (!fgets(line, sizeof line, stdin)) return 0;
        int n;
        if (sscanf(line, "%d", &n) != 1 || n >= 10) return 0;
        grid[n][height[n]++] = 2;
        my_turn = 1;
    }
}
