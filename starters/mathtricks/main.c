/* Starter bot for mathtricks: moves to the first free neighbouring cell it finds.
 *
 * Protocol (one line each way, flush after every line):
 *   START 1 / START 2      your player number; answer OK
 *   BOARD W H              sent right after your OK, followed by H lines of W cells such as
 *                          "+3 -4 *2 /2 +0 *0" (cell x y is column x of line y; 0 0 is top-left)
 *   MOVE x y               the opponent moved its pawn to x y
 *   TURN                   your move: answer "x y", one of the 8 neighbouring cells of your pawn
 *                          that no pawn has ever visited
 *   END 0 / 1 / 2          draw / you won / you lost; the game is over
 * Each cell's operation is applied to the mover's total; the higher total wins at the end.
 * Lines starting with DEBUG go to your game log.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SIDE 40 /* the largest board side a contest may set */

static char cells[MAX_SIDE][MAX_SIDE][16]; /* cells[y][x]: the operation text, e.g. "*2" */
static int visited[MAX_SIDE][MAX_SIDE];    /* whether a pawn has ever stood there */
static int width, height;
static int pawn_x[3], pawn_y[3]; /* pawns of players 1 and 2 */

/* The first neighbour of (px, py) on the board that no pawn has visited; 0 if there is none. */
static int first_free_neighbour(int px, int py, int *x, int *y) {
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            *x = px + dx, *y = py + dy;
            if (*x >= 0 && *x < width && *y >= 0 && *y < height && !visited[*y][*x]) return 1;
        }
    return 0;
}

int main(void) {
    int me = 1;
    char line[4096];
    while (fgets(line, sizeof line, stdin)) {
        if (strncmp(line, "START", 5) == 0) {
            me = atoi(line + 6);
            printf("OK\n");
            fflush(stdout);
        } else if (strncmp(line, "BOARD", 5) == 0) {
            sscanf(line + 6, "%d %d", &width, &height);
            for (int y = 0; y < height; y++)
                for (int x = 0; x < width; x++)
                    if (scanf("%15s", cells[y][x]) != 1) return 0;
            fgets(line, sizeof line, stdin); /* the end of the last board line */
            pawn_x[1] = 0, pawn_y[1] = 0;
            pawn_x[2] = width - 1, pawn_y[2] = height - 1;
            visited[0][0] = visited[height - 1][width - 1] = 1;
            printf("DEBUG starter bot, player %d on a %dx%d board\n", me, width, height);
            fflush(stdout);
        } else if (strncmp(line, "MOVE", 4) == 0) {
            int x, y;
            sscanf(line + 5, "%d %d", &x, &y);
            pawn_x[3 - me] = x, pawn_y[3 - me] = y;
            visited[y][x] = 1;
        } else if (strncmp(line, "TURN", 4) == 0) {
            int x, y;
            first_free_neighbour(pawn_x[me], pawn_y[me], &x, &y); /* TURN means there is one */
            pawn_x[me] = x, pawn_y[me] = y;
            visited[y][x] = 1;
            printf("%d %d\n", x, y);
            fflush(stdout);
        } else if (strncmp(line, "END", 3) == 0) {
            break;
        }
    }
    return 0;
}
