/* Starter bot for tron: goes straight while it can, and turns to the first free cell when the
 * cell ahead is taken.
 *
 * Protocol (real time; one line each way, flush after every line):
 *   the judge sends your player number, "1" or "2": answer your name (3-9 of A-Z a-z 0-9 - _)
 *   PELI W H ms      the grid is W x H and the lines move every ms milliseconds, starting 1 s from
 *                    now; (0,0) is the bottom-left cell, +Y is up, and the grid wraps around at the
 *                    edges. Player 1 starts on (0,0) going -X, player 2 on (1,0) going +X.
 *   you print a direction, +X, -X, +Y or -Y, whenever you like: the last one printed before a tick
 *   is used on that tick
 *   SIIRTO 1 x y / SIIRTO 2 x y   every tick: the new head cells of both lines
 *   LOPPU            the game is over
 * Entering any used cell (either line's) crashes. Lines starting with DEBUG go to your game log.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_W 160
#define MAX_H 120

static const char *NAMES[4] = {"+X", "-X", "+Y", "-Y"};
static const int DX[4] = {1, -1, 0, 0}, DY[4] = {0, 0, 1, -1};

static int width, height;
static char used[MAX_W][MAX_H]; /* every cell either line has been on */
static int head_x[3], head_y[3]; /* heads of players 1 and 2 */
static int me, direction;        /* direction: an index into NAMES */

/* Whether the cell one step from our head in direction d is used (the grid wraps around). */
static int blocked(int d) {
    int x = (head_x[me] + DX[d] + width) % width;
    int y = (head_y[me] + DY[d] + height) % height;
    return used[x][y];
}

/* Keeps the direction if the cell ahead is free, else takes the first free one. */
static void steer(void) {
    int choice = direction;
    if (blocked(choice))
        for (int d = 0; d < 4; d++)
            if (!blocked(d)) {
                choice = d;
                break;
            }
    if (choice != direction) {
        direction = choice;
        printf("%s\n", NAMES[direction]);
        fflush(stdout);
    }
}

int main(void) {
    char line[256];
    if (!fgets(line, sizeof line, stdin)) return 0;
    me = atoi(line);
    direction = me == 1 ? 1 : 0; /* the judge's default until we print one: -X / +X */
    printf("starter\n");
    fflush(stdout);
    while (fgets(line, sizeof line, stdin)) {
        if (strncmp(line, "PELI", 4) == 0) {
            int ms;
            sscanf(line + 5, "%d %d %d", &width, &height, &ms);
            head_x[1] = 0, head_y[1] = 0;
            head_x[2] = 1, head_y[2] = 0;
            used[0][0] = used[1][0] = 1;
            printf("DEBUG starter bot, player %d on %dx%d every %d ms\n", me, width, height, ms);
            fflush(stdout);
            steer();
        } else if (strncmp(line, "SIIRTO", 6) == 0) {
            int player, x, y;
            sscanf(line + 7, "%d %d %d", &player, &x, &y);
            head_x[player] = x, head_y[player] = y;
            used[x][y] = 1;
            if (player == 2) steer(); /* both heads have moved: choose the next direction */
        } else if (strncmp(line, "LOPPU", 5) == 0) {
            break;
        }
    }
    return 0;
}
