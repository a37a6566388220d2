/* Starter bot for checkers: plays the first legal move it finds.
 *
 * Protocol (one line each way, flush after every line):
 *   START 1 / START 2   you are Black (moves first, towards row 0) / White (towards row 7); answer OK
 *   PLACE N r,c ...     the opponent's move: the N squares its piece stood on, start first
 *   TURN                your move: answer "N r,c r,c ..." in the same form
 *   END 0 / 1 / 2       draw / you won / you lost; the game is over
 * Lines starting with DEBUG go to your game log. Captures are mandatory, and you must take the
 * longest capture chain available (majority rule).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SQUARES 16 /* a move lists at most 13 squares (12 captures) */

/* board[row][col]: '.' empty, 'b' / 'B' Black man / king, 'w' / 'W' White man / king. */
static char board[8][8];
static char me = 'b';

/* A move: the squares the piece stands on, start first. */
typedef struct {
    int n;
    int row[MAX_SQUARES], col[MAX_SQUARES];
} Move;

static const int DR[4] = {-1, -1, 1, 1}, DC[4] = {-1, 1, -1, 1};

static int on_board(int row, int col) { return row >= 0 && row < 8 && col >= 0 && col < 8; }

static int is_opponent(char piece) { return piece != '.' && tolower(piece) != me; }

/* Extends the jump chain `path` in every possible way; keeps the longest complete chain in
 * `best`. `jumped[r][c]` marks the pieces already jumped (they stay on the board until the move
 * ends, and may not be jumped twice). */
static void capture_chains(Move *path, int jumped[8][8], Move *best) {
    int row = path->row[path->n - 1], col = path->col[path->n - 1];
    int extended = 0;
    for (int d = 0; d < 4; d++) {
        int over_r = row + DR[d], over_c = col + DC[d];
        int land_r = row + 2 * DR[d], land_c = col + 2 * DC[d];
        if (!on_board(land_r, land_c) || jumped[over_r][over_c]) continue;
        if (is_opponent(board[over_r][over_c]) && board[land_r][land_c] == '.') {
            extended = 1;
            jumped[over_r][over_c] = 1;
            path->row[path->n] = land_r;
            path->col[path->n] = land_c;
            path->n++;
            capture_chains(path, jumped, best);
            path->n--;
            jumped[over_r][over_c] = 0;
        }
    }
    if (!extended && path->n > 1 && path->n > best->n) *best = *path;
}

/* The first legal move of `me`; returns 0 when there is none. */
static int first_legal_move(Move *move) {
    Move best = {0};
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++)
            if (board[r][c] != '.' && tolower(board[r][c]) == me) {
                char piece = board[r][c];
                int jumped[8][8] = {{0}};
                Move path = {1, {r}, {c}};
                board[r][c] = '.'; /* the piece has left its square while it jumps */
                capture_chains(&path, jumped, &best);
                board[r][c] = piece;
            }
    if (best.n > 0) { /* the longest capture is the only kind of legal move */
        *move = best;
        return 1;
    }
    int forward = me == 'b' ? -1 : 1;
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++) {
            char piece = board[r][c];
            if (piece == '.' || tolower(piece) != me) continue;
            for (int d = 0; d < 4; d++) {
                if (islower(piece) && DR[d] != forward) continue; /* men step only forward */
                int tr = r + DR[d], tc = c + DC[d];
                if (on_board(tr, tc) && board[tr][tc] == '.') {
                    *move = (Move){2, {r, tr}, {c, tc}};
                    return 1;
                }
            }
        }
    return 0;
}

/* Plays a move (ours or the opponent's) on our copy of the board. */
static void play(const Move *m) {
    char piece = board[m->row[0]][m->col[0]];
    board[m->row[0]][m->col[0]] = '.';
    for (int i = 1; i < m->n; i++)
        if (abs(m->row[i] - m->row[i - 1]) == 2) /* a jump: the piece in between is captured */
            board[(m->row[i] + m->row[i - 1]) / 2][(m->col[i] + m->col[i - 1]) / 2] = '.';
    int r = m->row[m->n - 1], c = m->col[m->n - 1];
    if ((piece == 'b' && r == 0) || (piece == 'w' && r == 7)) piece = toupper(piece); /* crowned */
    board[r][c] = piece;
}

int main(void) {
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++)
            board[r][c] = (r + c) % 2 == 0 ? '.' : r <= 2 ? 'w' : r >= 5 ? 'b' : '.';

    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        if (strncmp(line, "START", 5) == 0) {
            me = atoi(line + 6) == 1 ? 'b' : 'w';
            printf("OK\n");
            printf("DEBUG starter bot playing %s\n", me == 'b' ? "Black" : "White");
            fflush(stdout);
        } else if (strncmp(line, "PLACE", 5) == 0) {
            Move m = {0};
            char *p = line + 6;
            int count = (int)strtol(p, &p, 10);
            for (int i = 0; i < count && i < MAX_SQUARES; i++) {
                m.row[i] = (int)strtol(p, &p, 10);
                p++; /* the comma */
                m.col[i] = (int)strtol(p, &p, 10);
                m.n++;
            }
            play(&m);
        } else if (strncmp(line, "TURN", 4) == 0) {
            Move m;
            if (!first_legal_move(&m)) continue; /* never happens: TURN means we have a move */
            play(&m);
            printf("%d", m.n);
            for (int i = 0; i < m.n; i++) printf(" %d,%d", m.row[i], m.col[i]);
            printf("\n");
            fflush(stdout);
        } else if (strncmp(line, "END", 3) == 0) {
            break;
        }
    }
    return 0;
}
